/**
 * Values of the demo network that name something, for tests that call every route of the OpenAPI documents
 * (robustness.test.ts, docs-examples.ts, http-snapshot-reads.test.ts): line 2 of Leuven, its stops, Leuven.
 */
import { KNOWN_DIVERSIONS, KNOWN_TRIPS } from "../../../src/demo/known-trips.js";

export const line2 = KNOWN_TRIPS.line2FirstWeekday;
export const perron5 = line2.passages[1].stopId;
export const terminus = line2.passages[2].stopId;
/** A Wednesday on which line 2's trip 1001 runs, so that /rit/{ritnummer} answers 200. */
export const RUN_DAY = line2.runsOn[0];

/** A value per key parameter (entities, lines, stops, municipalities, key lists, a diversion) that names one of them. */
export const DEMO_KEY_VALUES: Readonly<Record<string, string>> = {
  entiteitnummer: line2.entity,
  lijnnummer: line2.lijnnummer,
  haltenummer: perron5,
  richting: "HEEN",
  ritnummer: line2.ritnummer,
  gemeenteNummer: "24062",
  gemeenteNummers: "24062_24009",
  haltesleutels: `${line2.entity}_${perron5}_${line2.entity}_${terminus}`,
  lijnsleutels: `${line2.entity}_${line2.lijnnummer}_${line2.entity}_303`,
  lijnrichtingsleutels: `${line2.entity}_${line2.lijnnummer}_HEEN_${line2.entity}_${line2.lijnnummer}_TERUG`,
  latlng: "50.8798,4.7005",
  referentieOmleiding: String(KNOWN_DIVERSIONS.tiensepoort),
};
