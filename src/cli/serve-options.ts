/**
 * What `serve` and `start` hand to the process that serves: one process alone (served-process.ts), or a cluster's
 * primary (cluster.ts) and its workers (cluster-worker.ts). Here, not in serve-command.ts, so that those modules
 * need not import the command that imports them.
 */
import type { AppConfig } from "../config/load-config.js";

export interface ServeOptions {
  network: string;
  config: AppConfig;
  /** The built-in demo network is served: the simulator feeds it real-time unless feeds are configured. */
  demo?: boolean;
  /** The command line after `lijnwijzer` (`serve ...`, `start ...`): what a cluster's workers run again. */
  argv?: string[];
}
