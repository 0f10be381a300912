import type { LineDirIdx, Network } from "../../../network/model.js";
import type { Lijnrichting } from "../../shared/common.schemas.js";
import { directionName } from "../../shared/path-keys.js";
import { lineKey } from "./lijn-view.js";
import type { Link, Linker } from "../../shared/links.js";

/** 0xRRGGBB -> "#RRGGBB" */
export function hexColour(rgb: number): string {
  return `#${(rgb >>> 0).toString(16).padStart(6, "0").toUpperCase()}`;
}

/**
 * A line direction (spec 2.3). By default it carries one link to itself with rel `detail` (as in the
 * stop's line directions); diversions use rel `lijnrichting`; a single line direction passes its own links.
 */
export function lijnrichtingView(net: Network, ld: LineDirIdx, L: Linker, links?: Link[] | string): Lijnrichting {
  const { lines, lineDirections: dirs, strings } = net;
  const line = ld >> 1;
  const key = lineKey(net, line);
  const richting = directionName(ld & 1);
  const destination = strings.get(dirs.destination[ld]);
  const out: Lijnrichting = {
    lijnNummerPubliek: strings.get(lines.publicNumber[line]),
    entiteitnummer: key.entity,
    lijnnummer: key.line,
    richting,
    omschrijving: strings.get(dirs.description[ld]),
    bestemming: destination === "" ? undefined : destination,
    kleurVoorGrond: hexColour(lines.colourFg[line]),
    kleurAchterGrond: hexColour(lines.colourBg[line]),
    kleurAchterGrondRand: hexColour(lines.colourBgBorder[line]),
    kleurVoorGrondRand: hexColour(lines.colourFgBorder[line]),
    links:
      typeof links === "object"
        ? links
        : [L.link(links ?? "detail", L.lineDirection(key.entity, key.line, richting))],
  };
  return out;
}

/** The links of a single line direction: itself, its stops and its line. */
export function lijnrichtingDetailLinks(net: Network, ld: LineDirIdx, L: Linker): Link[] {
  const key = lineKey(net, ld >> 1);
  const path = L.lineDirection(key.entity, key.line, directionName(ld & 1));
  return [L.link("self", path), L.link("haltes", `${path}/haltes`), L.link("lijn", L.line(key.entity, key.line))];
}
