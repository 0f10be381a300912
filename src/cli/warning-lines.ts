import { WARNING_EXAMPLES } from "../network/constants.js";
import type { NetworkMeta } from "../network/model.js";

/**
 * The import's warnings for people: the total, then per code its count and its examples, one a
 * line, and how many more there are.
 *
 *   warnings: 9
 *     orphan_stop x7
 *       town.zip: stops.txt line 9: stop "S90" is not visited by any trip
 *       ...
 *       and 2 more
 */
export function warningLines(warnings: NetworkMeta["warnings"], title = "warnings"): string[] {
  const lines = [`${title}: ${warnings.reduce((a, w) => a + w.count, 0)}`];
  for (const w of warnings) {
    lines.push(`  ${w.code} x${w.count}`);
    for (const e of w.examples) lines.push(`    ${e}`);
    // Only a full list has more behind it: one message may stand for several cases ("12 stops lie outside...").
    if (w.examples.length >= WARNING_EXAMPLES && w.count > w.examples.length) lines.push(`    and ${w.count - w.examples.length} more`);
  }
  return lines;
}
