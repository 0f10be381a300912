import { describe, expect, it } from "vitest";
import { withoutSubscriptionKey } from "../../../src/api/shared/links.js";
import { chooseEncoding, etagOf, matchesIfNoneMatch } from "../../../src/api/http/content-encoding.js";

describe("links", () => {
  it("withoutSubscriptionKey - drops the key from self links and keeps every other parameter", () => {
    expect(withoutSubscriptionKey("/a/haltes?subscription-key=s3cret")).toBe("/a/haltes");
    expect(withoutSubscriptionKey("/a?geldigOp=2024-03-10&subscription-key=s3cret&x=1")).toBe("/a?geldigOp=2024-03-10&x=1");
    expect(withoutSubscriptionKey("/a?Subscription-Key=s3cret")).toBe("/a");
    expect(withoutSubscriptionKey("/a?geldigOp=2024-03-10")).toBe("/a?geldigOp=2024-03-10");
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
