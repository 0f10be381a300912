import type { Network } from "../../../network/model.js";
import type { VehicleNow } from "../../../realtime/vehicles-now.js";
import { formatDate } from "../../shared/dates.js";
import { directionName } from "../../shared/path-keys.js";
import type { Voertuig } from "./voertuigen.schemas.js";

/** One vehicle in the API's shape (voertuigen.schemas.ts). */
export function voertuig(net: Network, v: VehicleNow): Voertuig {
  const line = v.lineDirection >> 1;
  const out: Voertuig = {
    ritnummer: v.tripNumber,
    dienstregelingDatum: formatDate(v.serviceDate),
    lijnrichting: {
      entiteitnummer: net.meta.entities[net.lines.entity[line]].number,
      lijnnummer: Number(net.strings.get(net.lines.number[line])),
      richting: directionName(v.lineDirection & 1),
    },
    positie: { latitude: v.lat, longitude: v.lon },
    geschat: v.estimated,
  };
  if (v.bearingDegrees !== undefined) out.richtingGraden = v.bearingDegrees;
  if (v.nextStop !== undefined) {
    out.volgendeHalte = { entiteitnummer: net.meta.entities[net.stops.entity[v.nextStop]].number, haltenummer: net.strings.get(net.stops.number[v.nextStop]) };
  }
  if (v.delaySeconds !== undefined) out.vertragingSeconden = v.delaySeconds;
  if (v.vehicleNumber !== undefined) out.vrtnum = v.vehicleNumber;
  return out;
}
