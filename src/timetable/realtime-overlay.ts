/**
 * What the timetable queries will read from the real-time state (GTFS-RT trip updates).
 *
 * `src/realtime` sits above `src/timetable` in the import order, so the timetable names the
 * view it needs and the real-time layer implements it. Until the real-time issue lands the
 * view is empty and every query takes `undefined`; the query signatures already carry it so
 * they will not change.
 */
export interface RealtimeOverlay {}
