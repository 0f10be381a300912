/**
 * The doorkomstId of a passage: stable across snapshots of the same feed and unique over all
 * line directions, as the operator's field description asks.
 *
 *     <service date yyyy-MM-dd>_<entiteitnummer of the line>_<GTFS trip_id>[@<copy start>]_<haltenummer>_<position>
 *
 * e.g. `2024-03-11_3_3002-20240311-1_301234_4`. The date is the trip's service date (so a
 * 25:10 passage listed on the next day keeps the date it was planned under). A trip copied
 * from frequencies.txt shares its trip_id with the other copies, so `@<first departure in
 * seconds>` tells them apart; the position tells apart two passages of one loop trip at the
 * same stop. A trip the real-time feed adds (GTFS-RT ADDED) has no GTFS trip: its part is the
 * feed's trip_id, which the spec asks to be new to the GTFS feed. The operator's own ids look like
 * `2024-09-24_2127_14_1_201044` (meaning of the parts not published); ours share only the date prefix.
 */
export function passageId(
  /** The service date as yyyy-MM-dd. */
  serviceDate: string,
  entity: string,
  gtfsTripId: string,
  /** trips.frequencyStart: -1 for a plain trip. */
  frequencyStart: number,
  stopNumber: string,
  position: number,
): string {
  const trip = frequencyStart >= 0 ? `${gtfsTripId}@${frequencyStart}` : gtfsTripId;
  return `${serviceDate}_${entity}_${trip}_${stopNumber}_${position}`;
}
