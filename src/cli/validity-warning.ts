import { formatServiceDate, serviceDateToDayNumber } from "../lib/service-date.js";
import type { ServiceDate } from "../lib/service-time.js";
import type { Network } from "../network/model.js";
import { type NetworkValidity, networkToday, networkValidity, validityWarnings } from "../network/queries/network-validity.js";

/**
 * The network's validity today and what is worth a warning about it (an expired network, one not yet valid or
 * without trips, a feed of several outside the day lists answer for, and with `warningDays` a network whose last
 * service day comes within that many days): `messages` is empty when all is well.
 */
export function validityWarning(net: Network, nowMs: number = Date.now(), warningDays = 0): { validity: NetworkValidity; messages: string[] } {
  const today = networkToday(net, nowMs);
  const validity = networkValidity(net, today);
  const ahead = endingSoonWarning(validity, warningDays);
  return { validity, messages: [...(ahead ? [ahead] : []), ...validityWarnings(net, today)] };
}

/**
 * The warning ahead of an expiry (VALIDITY_WARNING_DAYS): a network still valid today whose last service day is
 * less than `warningDays` days away, so that a feed that stopped being published is noticed before lists fall
 * back to its last day (docs/COMPATIBILITY.md, V1) and timetables turn empty. Undefined otherwise, and with 0.
 */
export function endingSoonWarning(validity: NetworkValidity, warningDays: number): string | undefined {
  if (warningDays <= 0 || validity.state !== "valid") return undefined;
  const left = daysBetween(validity.today, validity.validTo);
  if (left >= warningDays) return undefined;
  const when = left === 0 ? "today" : left === 1 ? "tomorrow" : `in ${left} days`;
  return (
    `the network runs out soon: its last service day is ${formatServiceDate(validity.validTo)} (${when}); ` +
    `import a newer feed before then (VALIDITY_WARNING_DAYS warns ${warningDays} days ahead)`
  );
}

function daysBetween(from: ServiceDate, to: ServiceDate): number {
  return serviceDateToDayNumber(to) - serviceDateToDayNumber(from);
}
