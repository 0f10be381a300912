import { describe, expect, it } from "vitest";
import { dropKeyParameters, queryKey } from "../../../src/api/http/key-parameter.js";
import { chooseEncoding, etagOf, matchesIfNoneMatch } from "../../../src/api/http/content-encoding.js";

describe("links", () => {
  it("dropKeyParameters - drops every key-like parameter from self links and keeps every other parameter", () => {
    expect(dropKeyParameters("/a/haltes?subscription-key=s3cret")).toBe("/a/haltes");
    expect(dropKeyParameters("/a?geldigOp=2024-03-10&subscription-key=s3cret&x=1")).toBe("/a?geldigOp=2024-03-10&x=1");
    expect(dropKeyParameters("/a?Subscription-Key=s3cret")).toBe("/a");
    expect(dropKeyParameters("/a?geldigOp=2024-03-10")).toBe("/a?geldigOp=2024-03-10");
    for (const hostile of ["?subscription-key=s3cret", "subscription-key[]=s3cret", "%73ubscription-key=s3cret", "subscription%2Dkey=s3cret", "subscription_key=s3cret"]) {
      expect(dropKeyParameters(`/a?x=1&${hostile}`), hostile).toBe("/a?x=1");
    }
  });

  it("queryKey - only `subscription-key=` spelt so, starting the query or after &, is a key", () => {
    expect(queryKey("/a?subscription-key=s3cret&x=1")).toBe("s3cret");
    expect(queryKey("/a?x=1&subscription-key=a%2Bb+c")).toBe("a+b c");
    expect(queryKey("/a?subscription-key=")).toBe("");
    for (const other of ["/a", "/a?x=1", "/a??subscription-key=s", "/a?subscription-key[]=s", "/a?subscription%2Dkey=s", "/a?%73ubscription-key=s", "/a?Subscription-Key=s", "/a?xsubscription-key=s"]) {
      expect(queryKey(other), other).toBeUndefined();
    }
  });
});

describe("all-stops body", () => {
  it("chooseEncoding - follows Accept-Encoding q-values; brotli wins a tie; nothing acceptable gives identity", () => {
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("deflate")).toBe("identity");
  });

  it("etagOf / matchesIfNoneMatch - one validator per encoding; any of them (weak or not) revalidates the body", () => {
    expect(etagOf("abc", "identity")).toBe('"abc"');
    expect(etagOf("abc", "gzip")).toBe('"abc-gz"');
    expect(etagOf("abc", "br")).toBe('"abc-br"');
    expect(matchesIfNoneMatch('"abc-gz"', "abc")).toBe(true);
    expect(matchesIfNoneMatch('W/"abc", "zzz"', "abc")).toBe(true);
    expect(matchesIfNoneMatch("*", "abc")).toBe(true);
    expect(matchesIfNoneMatch('"abd"', "abc")).toBe(false);
    expect(matchesIfNoneMatch(undefined, "abc")).toBe(false);
  });
});
