import { describe, expect, it } from "vitest";
import { renderedAnswer } from "../../../src/api/shared/rendered-answers.js";
import type { Network } from "../../../src/network/model.js";

describe("renderedAnswer", () => {
  it("renderedAnswer - renders a key once per network, then answers the kept text", () => {
    const a = {} as Network;
    const b = {} as Network;
    let renders = 0;
    const render = () => ({ n: ++renders, tekst: "Kessel-Lo - Heverlee" });
    expect(renderedAnswer(a, "lijn|x|1", render)).toBe('{"n":1,"tekst":"Kessel-Lo - Heverlee"}');
    expect(renderedAnswer(a, "lijn|x|1", render)).toBe('{"n":1,"tekst":"Kessel-Lo - Heverlee"}');
    expect(renderedAnswer(b, "lijn|x|1", render)).toBe('{"n":2,"tekst":"Kessel-Lo - Heverlee"}');
    expect(renderedAnswer(a, "lijn|y|1", render)).toBe('{"n":3,"tekst":"Kessel-Lo - Heverlee"}');
    expect(renders).toBe(3);
  });

  it("renderedAnswer - keeps at most 20,000 answers per network, the oldest leaves first", () => {
    const net = {} as Network;
    for (let i = 0; i < 20_001; i++) renderedAnswer(net, `k${i}`, () => i);
    let rerendered = false;
    expect(renderedAnswer(net, "k0", () => ((rerendered = true), "again"))).toBe('"again"');
    expect(rerendered).toBe(true);
    expect(renderedAnswer(net, "k20000", () => "never")).toBe("20000");
  });
});
