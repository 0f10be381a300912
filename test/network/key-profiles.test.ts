import { describe, expect, it } from "vitest";
import { genericLineNumbers, genericPublicNumbers, initialsOf, type GenericRoute } from "../../src/network/key-profiles.js";

const r = (routeId: string, shortName = "", longName = "", sortOrder?: number): GenericRoute => ({ routeId, shortName, longName, sortOrder });
const pairs = (m: Map<string, string>) => [...m].map(([id, n]) => `${id}=${n}`);

describe("key profiles", () => {
  it("genericLineNumbers - numeric short names are kept, the others follow from the next hundred in route order", () => {
    // New York's subway in miniature: route_sort_order puts the lettered trains first.
    const routes = [r("A", "A", "8 Avenue Express", 1), r("C", "C", "", 2), r("1", "1", "", 20), r("7", "7", "", 27), r("7X", "7X", "", 28)];
    expect(pairs(genericLineNumbers(routes))).toEqual(["1=1", "7=7", "A=101", "C=102", "7X=103"]);
  });

  it("genericLineNumbers - a number two routes share is kept by neither; leading zeros are dropped", () => {
    const routes = [r("x", "5"), r("y", "005"), r("z", "012"), r("w", "W")];
    expect(pairs(genericLineNumbers(routes))).toEqual(["z=12", "w=101", "x=102", "y=103"]);
  });

  it("genericLineNumbers - without any numeric short name, 1, 2, 3... in (route_sort_order, natural route_id) order", () => {
    const routes = [r("B63"), r("B10"), r("B2"), r("Z", "", "", 0)];
    expect(pairs(genericLineNumbers(routes))).toEqual(["Z=1", "B2=2", "B10=3", "B63=4"]);
  });

  it("genericLineNumbers - kept numbers near the 9-digit key limit: the others fill the free numbers from 1", () => {
    const routes = [r("big", "999999950"), r("one", "1"), r("a", "A"), r("b", "B")];
    expect(pairs(genericLineNumbers(routes))).toEqual(["big=999999950", "one=1", "a=2", "b=3"]);
  });

  it("genericPublicNumbers - short names as they are; long-name-only routes get initials that pass for no other line", () => {
    const routes = [
      r("1", "", "Babylon Branch"),
      r("2", "", "Blue Bird"), // BB is the Babylon Branch's
      r("3", "", "Harlem"), // one letter would pass for a lettered line
      r("4", "", "Port Washington"), // PW is a short name below
      r("5", "PW", "Pelham Way"),
      r("6", "", "42nd St Shuttle"),
      r("7", "", "12"), // a plain-number long name is no public number
      r("8"),
      r("9", "", "Blue Bird"), // initials, long name taken; the id is a plain number
      r("10", "7", "Seventh"),
    ];
    expect(pairs(genericPublicNumbers(routes))).toEqual([
      "1=BB",
      "2=Blue Bird",
      "3=Harlem",
      "4=Port Washington",
      "5=PW",
      "6=42SS",
      "7=12 (7)",
      "8=R8",
      "9=Blue Bird (9)",
      "10=7",
    ]);
  });

  it("genericPublicNumbers - taken names are compared case-insensitively, and a taken last resort gets -2", () => {
    const routes = [r("a", "bb"), r("b", "", "Big Bend"), r("c", "Big Bend"), r("d", "b"), r("e", "R5"), r("5")];
    expect(pairs(genericPublicNumbers(routes))).toEqual(["5=R5-2", "a=bb", "b=Big Bend (b)", "c=Big Bend", "d=b", "e=R5"]);
  });

  it("initialsOf - first letter of each word in capitals, a word's leading digits whole", () => {
    expect(initialsOf("Babylon Branch")).toBe("BB");
    expect(initialsOf("Kessel-Lo - Heverlee")).toBe("KLH");
    expect(initialsOf("8 Avenue Express")).toBe("8AE");
    expect(initialsOf("42nd St Shuttle")).toBe("42SS");
    expect(initialsOf("ébène île")).toBe("ÉÎ");
    expect(initialsOf("")).toBe("");
  });
});
