import { NONE8 } from "../../../network/constants.js";
import type { ColourIdx, LineIdx, Network } from "../../../network/model.js";
import type { Kleur, LijnkleurCodes } from "../../shared/common.schemas.js";
import { lineKey } from "../lijnen/lijn-view.js";
import type { Link, Linker } from "../../shared/links.js";

/** A palette colour (spec 2.6): rgb as an object, hex without '#'. */
export function kleurView(net: Network, c: ColourIdx, L: Linker): Kleur {
  const info = net.meta.colours[c];
  return {
    code: info.code,
    omschrijving: info.name,
    rgb: { rood: info.r, groen: info.g, blauw: info.b },
    hex: info.hex,
    links: [L.link("detail", L.colour(info.code))],
  };
}

/**
 * The palette codes of a line's four badge colours (spec 2.7), each linking to its colour. A member is left
 * out when the network has no palette. `links` defaults to one `detail` link to the line's colours.
 */
export function lijnkleurCodesView(net: Network, line: LineIdx, L: Linker, links?: Link[]): LijnkleurCodes {
  const { lines, meta } = net;
  const code = (idx: number) => {
    if (idx === NONE8 || idx >= meta.colours.length) return undefined;
    const c = meta.colours[idx].code;
    return { code: c, links: [L.link("detail", L.colour(c))] };
  };
  const key = lineKey(net, line);
  return {
    voorgrond: code(lines.paletteFg[line]),
    achtergrond: code(lines.paletteBg[line]),
    voorgrondRand: code(lines.paletteFgBorder[line]),
    achtergrondRand: code(lines.paletteBgBorder[line]),
    links: links ?? [L.link("detail", `${L.line(key.entity, key.line)}/lijnkleuren`)],
  };
}
