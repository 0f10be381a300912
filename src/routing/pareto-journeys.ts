/**
 * One Pareto filter for journeys, over a list of criteria: RAPTOR's answer (raptor.ts) and the planner's pages
 * (plan-pages.ts) use the same one and differ only in what a transfer costs in arrival time.
 */
import type { Journey } from "./raptor-types.js";

/** Whether `a` is at least as good as `b` on one criterion. */
export type Criterion = (a: Journey, b: Journey) => boolean;

/**
 * Departure (later is better), arrival with `transferPenaltyMs` added per transfer (earlier), transfers (fewer).
 * With a penalty, a journey with one transfer more must arrive that much earlier to stay; 0: plain arrival.
 */
export function journeyCriteria(transferPenaltyMs: number): Criterion[] {
  const cost = (j: Journey) => j.arrivalMs + transferPenaltyMs * j.transfers;
  return [(a, b) => a.departureMs >= b.departureMs, (a, b) => cost(a) <= cost(b), (a, b) => a.transfers <= b.transfers];
}

/**
 * The journeys no other beats: at least as good on every criterion and better on one or, equal on all, walking
 * less; of identical ones the first stays. In the order given.
 */
export function paretoJourneys(journeys: readonly Journey[], criteria: readonly Criterion[]): Journey[] {
  const out: Journey[] = [];
  for (let i = 0; i < journeys.length; i++) {
    const b = journeys[i];
    let dominated = false;
    for (let k = 0; k < journeys.length && !dominated; k++) {
      if (k === i) continue;
      const a = journeys[k];
      if (!criteria.every((c) => c(a, b))) continue;
      const better = criteria.some((c) => !c(b, a));
      dominated = better || a.walkSeconds < b.walkSeconds || (a.walkSeconds === b.walkSeconds && k < i);
    }
    if (!dominated) out.push(b);
  }
  return out;
}
