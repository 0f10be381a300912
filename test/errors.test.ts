import { describe, expect, it } from "vitest";
import { errorCatalogue, STOP_NOT_FOUND } from "../src/errors.js";

describe("errors", () => {
  it("errors - codes are unique and LW_-prefixed", () => {
    const codes = [...errorCatalogue().keys()];
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^LW_[A-Z_]+$/);
  });
  it("errors - templates fill their arguments in order", () => {
    const e = STOP_NOT_FOUND("301234", "3");
    expect(e.status).toBe(404);
    expect(e.message).toBe("Stop 301234 of entity 3 does not exist");
  });
});
