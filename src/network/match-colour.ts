import { NONE8 } from "./constants.js";
import type { ColourIdx, ColourInfo } from "./model.js";

/**
 * The palette colour nearest to `rgb` (0xRRGGBB), by squared distance in RGB space weighted
 * for perceived brightness ("redmean"), or NONE8 for an empty palette. A colour of the palette
 * matches itself (distance 0, and palette colours are distinct): the palette made of the lines'
 * own colours (route-colour-palette.ts) relies on that.
 */
export function matchColour(rgb: number, palette: readonly ColourInfo[]): ColourIdx {
  const r = (rgb >> 16) & 0xff;
  const g = (rgb >> 8) & 0xff;
  const b = rgb & 0xff;
  let best = NONE8;
  let bestDist = Infinity;
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i];
    const rm = (r + c.r) / 2;
    const dr = r - c.r;
    const dg = g - c.g;
    const db = b - c.b;
    const dist = (2 + rm / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rm) / 256) * db * db;
    if (dist < bestDist) {
      bestDist = dist;
      best = i;
    }
  }
  return best;
}
