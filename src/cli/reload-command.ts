/**
 * `lijnwijzer reload [--admin-port <n>]` (docs/OPERATIONS.md "Replacing the network without downtime"): asks the running server, through its admin endpoint on
 * 127.0.0.1 (ADMIN_PORT, admin-server.ts), to load its snapshot file again, and prints what happened: the snapshot
 * now served and by how many workers (exit 0), or why it was refused while the previous one stays in service
 * (exit 1). A deployment script can rely on the exit code; SIGHUP does the same without an answer.
 */
import { parseArgs } from "node:util";
import { ADMIN_HOST } from "./admin-server.js";
import { CliError } from "./cli-error.js";
import { describeSnapshot, type ReloadResult } from "./snapshot-reload.js";

export const RELOAD_USAGE = "lijnwijzer reload [--admin-port <n>]";

/** A reload of New York's snapshot by two workers takes about a second; a busy machine, more. */
const TIMEOUT_MS = 180_000;

export async function reloadCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({ args, options: { "admin-port": { type: "string" } } });
  const given = values["admin-port"] ?? env.ADMIN_PORT;
  if (given === undefined || given.trim() === "") {
    throw new CliError(
      "no admin port: the server answers `lijnwijzer reload` when started with ADMIN_PORT=<port>; give the same port here (ADMIN_PORT or --admin-port), or send SIGHUP to the server's process instead",
      2,
    );
  }
  const port = Number(given.trim());
  if (!/^\d{1,5}$/.test(given.trim()) || port < 1 || port > 65535) throw new CliError(`--admin-port must be a TCP port from 1 to 65535, got "${given}"`, 2);
  let res: Response;
  try {
    res = await fetch(`http://${ADMIN_HOST}:${port}/reload`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    if (cause === "ECONNREFUSED") {
      throw new CliError(`no server answers on ${ADMIN_HOST}:${port}: is it running, started with ADMIN_PORT=${port}?`);
    }
    throw new CliError(`the server on ${ADMIN_HOST}:${port} did not answer: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => undefined)) as (ReloadResult & { message?: string }) | undefined;
  if (body?.ok === true) {
    const workers = body.workers === 1 ? "" : ` in ${body.workers} workers`;
    console.log(`reloaded: ${describeSnapshot(body.snapshot)} is served${workers} (${(body.ms / 1000).toFixed(1)} s)`);
    return 0;
  }
  throw new CliError(`refused, the previous snapshot is still served: ${body?.message ?? `the admin endpoint answered ${res.status}`}`);
}
