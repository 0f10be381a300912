/**
 * The network the HTTP suite runs on, and the moment it pretends it is (so that "now" defaults are repeatable).
 */
import type { Network } from "../../src/network/model.js";
import { smallNetwork } from "../network/queries/small-network.js";

/** Wednesday 2024-05-01 10:00 in Brussels. */
export const SUITE_NOW_MS = Date.UTC(2024, 4, 1, 8, 0);
export const SUITE_DAY = 20240501;

export function suiteNetwork(): Promise<Network> {
  return smallNetwork();
}
