/**
 * The units of GTFS time, shared by the reader (src/gtfs) and the compiled network (src/network):
 * both layers sit above src/lib, so the types live here, below both.
 */

/** yyyymmdd as an integer in the network's time zone, e.g. 20240310. */
export type ServiceDate = number;
/** Seconds after noon-minus-12h of the service day; may pass 86400 (GTFS times past 24:00:00). */
export type ServiceSeconds = number;
