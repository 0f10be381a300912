/**
 * The network the HTTP suite runs on, the demo network of Flanders, and the moment the suite pretends it is,
 * so that "now" defaults are repeatable.
 */
import type { Network } from "../../../src/network/model.js";
import { demoNetwork } from "../../support/demo-network.js";

/** Tuesday 2026-03-10 08:00 in Brussels (CET, UTC+1): a school day inside the demo's validity (2024-2030). */
export const SUITE_NOW_MS = Date.UTC(2026, 2, 10, 7, 0);
export const SUITE_DAY = 20260310;

export function suiteNetwork(): Promise<Network> {
  return demoNetwork();
}
