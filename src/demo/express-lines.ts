/**
 * Snelbus lines: all-day express buses (SNELDIENST, extended route_type 702) between the main towns of
 * neighbouring transport regions, as De Lijn runs some between cities. The generated regional networks meet only
 * where a line happens to cross a border, so without these the Antwerp, Gent, Brugge-Oostende-Westhoek, Roeselare
 * and Kortrijk networks were islands: from Antwerpen-Centraal or Gent-Sint-Pieters a search reached 768 and 658 of
 * the 7,789 stops, and Leuven - Aalst took three changes and half a day.
 *
 * A snelbus calls only at its waypoints: the railway-station stops of its towns, where the regional and city lines
 * call (at Leuven a pair of perrons), so a change is a few steps. They are built after every other line: their
 * stops, where a station has none for their direction yet, take the next free numbers, so no existing stop or
 * trip number moves.
 */
import type { LinePlan } from "./line-plan.js";
import type { LineNumbers } from "./regional-lines.js";

/** The first internal (and public) number of the snelbus lines. */
const FIRST_NUMBER = 850;

interface Corridor {
  /** The entity of the town the line starts from (direction HEEN). */
  entity: string;
  description: string;
  waypoints: string[];
}

/**
 * Each joins two or more regional networks (the region codes in the comments); together they leave none apart.
 * Leuven's perrons: 1|2 to the north, 11|12 to the east, 13|14 to the west, as the regional lines use them.
 */
const CORRIDORS: Corridor[] = [
  // LV - ME - AN
  { entity: "3", description: "Leuven - Mechelen - Antwerpen", waypoints: ["P1|2", "station:Mechelen", "station:Antwerpen-Centraal"] },
  // AN - WA - GE
  {
    entity: "1",
    description: "Antwerpen - Sint-Niklaas - Gent",
    waypoints: ["station:Antwerpen-Centraal", "station:Sint-Niklaas", "station:Gent-Sint-Pieters"],
  },
  // GE - AA
  { entity: "2", description: "Gent - Wetteren - Aalst", waypoints: ["station:Gent-Sint-Pieters", "station:Wetteren", "station:Aalst"] },
  // LV - VR - AA, around Brussels by the ring
  {
    entity: "3",
    description: "Leuven - Zaventem - Vilvoorde - Asse - Aalst",
    waypoints: ["P13|14", "station:Zaventem", "station:Vilvoorde", "station:Asse", "station:Aalst"],
  },
  // GE - BR (and with it OO and WH)
  { entity: "2", description: "Gent - Aalter - Brugge", waypoints: ["station:Gent-Sint-Pieters", "station:Aalter", "station:Brugge"] },
  // GE - KO
  { entity: "2", description: "Gent - Deinze - Kortrijk", waypoints: ["station:Gent-Sint-Pieters", "station:Deinze", "station:Kortrijk"] },
  // KO - RO - WH
  { entity: "5", description: "Kortrijk - Roeselare - Ieper", waypoints: ["station:Kortrijk", "station:Roeselare", "station:Ieper"] },
  // LV - LI
  {
    entity: "3",
    description: "Leuven - Tienen - Sint-Truiden - Hasselt",
    waypoints: ["P11|12", "station:Tienen", "station:Sint-Truiden", "station:Hasselt"],
  },
  // AN - KE
  {
    entity: "1",
    description: "Antwerpen - Lier - Herentals - Turnhout",
    waypoints: ["station:Antwerpen-Centraal", "station:Lier", "station:Herentals", "station:Turnhout"],
  },
];

/**
 * The snelbus lines, numbered from FIRST_NUMBER on in one sequence over the entities, so that no two share a public
 * number (two would meet at Antwerpen-Centraal and Gent-Sint-Pieters), each the next number free in its entity.
 */
export function expressLines(numbers: LineNumbers): LinePlan[] {
  let next = FIRST_NUMBER;
  return CORRIDORS.map((c) => {
    const n = numbers.take(c.entity, next);
    next = n + 1;
    return {
      entity: c.entity,
      number: n,
      publicNumber: String(n),
      description: c.description,
      serviceType: "SNELDIENST",
      routeType: 702,
      schedule: "snelbus",
      express: true,
      waypoints: c.waypoints,
    };
  });
}
