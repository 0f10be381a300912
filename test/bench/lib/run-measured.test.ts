import { describe, expect, it } from "vitest";
import { hasGnuTime, parseGnuTimeReport, runMeasured } from "../../../bench/lib/run-measured.js";

describe("runMeasured", () => {
  it("parseGnuTimeReport - reads peak RSS (KiB -> bytes) and user + system CPU", () => {
    const report = [
      '\tCommand being timed: "node x.js"',
      "\tUser time (seconds): 38.05",
      "\tSystem time (seconds): 3.38",
      "\tMaximum resident set size (kbytes): 126348",
    ].join("\n");
    expect(parseGnuTimeReport(report)).toEqual({ peakRssBytes: 126348 * 1024, cpuMs: 41430 });
    expect(parseGnuTimeReport("")).toEqual({ peakRssBytes: null, cpuMs: null });
  });

  it.skipIf(!hasGnuTime())("runMeasured - measures the child's peak RSS from outside and keeps its output", async () => {
    // 200 MiB touched by the child: its peak RSS must exceed that, the parent's does not count.
    const script = "const b = Buffer.alloc(200 * 1024 * 1024, 1); console.log(b[12345]); console.error('err-line'); process.exit(3);";
    const run = await runMeasured(process.execPath, ["-e", script]);
    expect(run.exitCode).toBe(3);
    expect(run.stdout).toBe("1\n");
    expect(run.stderr).toBe("err-line\n");
    expect(run.peakRssBytes).toBeGreaterThan(200 * 1024 * 1024);
    expect(run.peakRssBytes).toBeLessThan(600 * 1024 * 1024);
    expect(run.wallMs).toBeGreaterThan(0);
  });
});
