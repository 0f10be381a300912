import type { CompileWarnings } from "./compile-context.js";
import { NONE8 } from "./constants.js";
import type { ColourInfo } from "./model.js";

/** A line's four badge colours, 0xRRGGBB each (route_text_color, route_color and their borders). */
export interface LineColours {
  colourFg: number;
  colourBg: number;
  colourFgBorder: number;
  colourBgBorder: number;
}

/** Palette indices are bytes and NONE8 means "no colour": 255 colours at most. */
export const MAX_PALETTE_COLOURS = NONE8;

/**
 * The colour list when no reference palette applies (no reference data, one without colours, or
 * one of another region): the distinct colours the lines use, each under its hex as code
 * (`0062CF`, which /kleuren/{code} takes) and `#0062CF` as name, sorted by hex. Lines then match
 * their own colours exactly (matchColour at distance 0).
 *
 * Over 255 distinct colours the most used ones stay (ties: the lower hex), and the others' lines
 * point at the nearest of them, with a warning.
 */
export function routeColourPalette(lines: readonly LineColours[], warnings: CompileWarnings): ColourInfo[] {
  const uses = new Map<number, number>();
  for (const l of lines) {
    for (const rgb of [l.colourFg, l.colourBg, l.colourFgBorder, l.colourBgBorder]) uses.set(rgb, (uses.get(rgb) ?? 0) + 1);
  }
  let chosen = [...uses.keys()];
  if (chosen.length > MAX_PALETTE_COLOURS) {
    warnings.add(
      "route_colours_over_palette",
      `the lines use ${chosen.length} distinct colours; /kleuren lists the ${MAX_PALETTE_COLOURS} most used and the others' lines point at the nearest of them`,
    );
    chosen = chosen.sort((a, b) => uses.get(b)! - uses.get(a)! || a - b).slice(0, MAX_PALETTE_COLOURS);
  }
  return chosen.sort((a, b) => a - b).map(colourOf);
}

function colourOf(rgb: number): ColourInfo {
  const hex = rgb.toString(16).toUpperCase().padStart(6, "0");
  return { code: hex, name: `#${hex}`, hex, r: (rgb >> 16) & 0xff, g: (rgb >> 8) & 0xff, b: rgb & 0xff };
}
