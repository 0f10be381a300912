/**
 * route_type -> the API's vervoertype and bedieningtype.
 * Basic types: gtfs.org/schedule/reference/#routestxt; extended (Hierarchical Vehicle Types):
 * developers.google.com/transit/gtfs/reference/extended-route-types
 */
import { BEDIENINGTYPES, VERVOERTYPES, type Bedieningtype, type Vervoertype } from "./model.js";

export function vervoertypeOf(routeType: number): Vervoertype {
  if (routeType === 0 || routeType === 5 || (routeType >= 900 && routeType < 1000)) return "TRAM";
  if (routeType === 1 || routeType === 12 || (routeType >= 400 && routeType < 500) || routeType === 405) return "METRO";
  if (routeType === 2 || (routeType >= 100 && routeType < 200)) return "TREIN";
  if (routeType === 3 || routeType === 11 || (routeType >= 200 && routeType < 300) || (routeType >= 700 && routeType < 900)) {
    return "BUS";
  }
  // Ferries, cable cars, funiculars, taxis: the API has no type for them.
  return "ALLE";
}

/** The rule used when a feed has no `route_service_type` column (docs/DATASET_EXTENSIONS.md). */
export function bedieningtypeOf(routeType: number, extension: string): Bedieningtype {
  if (extension) {
    const upper = extension.toUpperCase();
    if ((BEDIENINGTYPES as readonly string[]).includes(upper)) return upper as Bedieningtype;
  }
  switch (routeType) {
    case 702:
      return "SNELDIENST";
    case 705:
      return "NACHTLIJN";
    case 712:
    case 713:
      return "SCHOOLBUS";
    case 715:
      return "BELBUS";
    default:
      return "NORMAAL";
  }
}

export const vervoertypeIndex = (t: Vervoertype) => VERVOERTYPES.indexOf(t);
export const bedieningtypeIndex = (t: Bedieningtype) => BEDIENINGTYPES.indexOf(t);
