import { describe, expect, it } from "vitest";
import { CompileWarnings } from "../../src/network/compile-context.js";
import { matchColour } from "../../src/network/match-colour.js";
import { routeColourPalette, type LineColours } from "../../src/network/route-colour-palette.js";

const line = (fg: number, bg: number, fgBorder = fg, bgBorder = bg): LineColours => ({ colourFg: fg, colourBg: bg, colourFgBorder: fgBorder, colourBgBorder: bgBorder });

describe("routeColourPalette", () => {
  it("routeColourPalette - the distinct colours of the lines, coded by hex, sorted by hex", () => {
    const warnings = new CompileWarnings();
    const palette = routeColourPalette([line(0xffffff, 0x0062cf), line(0x000000, 0xf6bc26, 0x000000, 0x0062cf), line(0xffffff, 0x0062cf)], warnings);
    expect(palette).toEqual([
      { code: "000000", name: "#000000", hex: "000000", r: 0, g: 0, b: 0 },
      { code: "0062CF", name: "#0062CF", hex: "0062CF", r: 0, g: 98, b: 207 },
      { code: "F6BC26", name: "#F6BC26", hex: "F6BC26", r: 246, g: 188, b: 38 },
      { code: "FFFFFF", name: "#FFFFFF", hex: "FFFFFF", r: 255, g: 255, b: 255 },
    ]);
    expect([0xffffff, 0x0062cf, 0xf6bc26, 0x000000].map((c) => matchColour(c, palette))).toEqual([3, 1, 2, 0]);
    expect(warnings.list()).toEqual([]);
  });

  it("routeColourPalette - no lines, no colours", () => {
    expect(routeColourPalette([], new CompileWarnings())).toEqual([]);
  });

  it("routeColourPalette - over 255 colours the most used stay, the rest match the nearest, with a warning", () => {
    const warnings = new CompileWarnings();
    // 300 backgrounds 0x000100, 0x000200, ... once each, all on white text: white is the most used
    const lines = Array.from({ length: 300 }, (_, i) => line(0xffffff, (i + 1) << 8));
    const palette = routeColourPalette(lines, warnings);
    expect(palette.length).toBe(255);
    expect(palette.at(-1)!.hex).toBe("FFFFFF");
    // ties broken by the lower hex: 0x000100 ... 0x00FE00 stay
    expect(palette[0].hex).toBe("000100");
    expect(palette[253].hex).toBe("00FE00");
    // dropped: 0x00FF00 ... 0x012C00; their lines take the nearest kept colour
    expect(palette[matchColour(0x00ff00, palette)].hex).toBe("00FE00");
    expect(palette[matchColour(0x012c00, palette)].hex).toBe("002C00");
    expect(warnings.list().map((w) => `${w.code} ${w.count}`)).toEqual(["route_colours_over_palette 1"]);
  });
});
