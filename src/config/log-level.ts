/** LOG_LEVEL: how much the server logs, in pino's levels (https://github.com/pinojs/pino/blob/main/docs/api.md#level-string). */
import { CONFIG_INVALID } from "../errors.js";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** LOG_LEVEL, default "info" (which logs every request). */
export function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined || value.trim() === "") return "info";
  const v = value.trim().toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(v)) throw CONFIG_INVALID(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${value}"`);
  return v;
}
