/**
 * route_type -> the API's vervoertype and bedieningtype.
 * Basic types: gtfs.org/schedule/reference/#routestxt; extended (Hierarchical Vehicle Types):
 * developers.google.com/transit/gtfs/reference/extended-route-types
 */
import { SERVICE_TYPES, TRANSPORT_TYPES, type ServiceType, type TransportType } from "./model.js";

export function transportTypeOf(routeType: number): TransportType {
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
export function serviceTypeOf(routeType: number, extension: string): ServiceType {
  if (extension) {
    const upper = extension.toUpperCase();
    if ((SERVICE_TYPES as readonly string[]).includes(upper)) return upper as ServiceType;
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

export const transportTypeIndex = (t: TransportType) => TRANSPORT_TYPES.indexOf(t);
export const serviceTypeIndex = (t: ServiceType) => SERVICE_TYPES.indexOf(t);
