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

/** LOG_FORMAT: pino's JSON lines (`json`, for log collectors), one readable line each (`pretty`), or `auto`. */
export type LogFormat = "auto" | "json" | "pretty";
const LOG_FORMATS: readonly LogFormat[] = ["auto", "json", "pretty"];

/** LOG_FORMAT, default "auto": readable when stdout is a terminal, JSON otherwise (lib/log-lines.ts). */
export function parseLogFormat(value: string | undefined): LogFormat {
  if (value === undefined || value.trim() === "") return "auto";
  const v = value.trim().toLowerCase() as LogFormat;
  if (!LOG_FORMATS.includes(v)) throw CONFIG_INVALID(`LOG_FORMAT must be one of ${LOG_FORMATS.join(", ")}, got "${value}"`);
  return v;
}
