/**
 * The demo page serving another network than the demo (docs/OPERATIONS.md "The demo page at /"), in Debian's
 * Chromium through playwright-core: test/fixtures/gtfs/expired, Riverton Transit (America/New_York, weekdays
 * 2020-01-06 .. 2020-06-12), imported with `--reference none` through the CLI's main(), served by the real app
 * (buildApp) on a loopback port three times, with "now" pinned inside, after and before its validity. The page
 * must say Riverton Transit where the demo says "het demonet", count the network's stops, name its station on the
 * map, and say why a day outside the validity shows no departures. Screenshots, desktop and 360 px, go to
 * test-artifacts/web/.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing (.ci/run installs Debian's chromium).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/api/app.js";
import { staticNetworkSource } from "../../src/api/shared/network-source.js";
import { main } from "../../src/cli/main.js";
import { loadConfig } from "../../src/config/load-config.js";
import { loadSnapshot } from "../../src/network/snapshot.js";
import { fixture, root, tempDir } from "../cli/support/run-cli.js";

// Browser globals that the callbacks of page.evaluate use (they run in Chromium; the root tsconfig has no DOM lib).
declare const window: { innerHeight: number; scrollTo(x: number, y: number): void };
declare const document: { documentElement: { scrollWidth: number } };

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const ARTIFACTS = join(root, "test-artifacts/web");
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
/** 07:30 in New York (EDT) on Tuesday 2020-03-10, inside the validity; a day after it; a day before it. */
const VALID_NOW = Date.parse("2020-03-10T11:30:00Z");
const EXPIRED_NOW = Date.parse("2021-02-02T17:00:00Z");
const NOT_YET_NOW = Date.parse("2019-12-02T17:00:00Z");
/** The first trip from Riverton Station leaves at 08:00 (T1). */
const PLAN_TIME = "2020-03-10T07:55";

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  console.warn(`test/web/network-page.test.ts skipped: ${CHROMIUM} is missing (Debian: apt-get install chromium; .ci/run installs it)`);
}

interface Opened {
  page: Page;
  /** Console errors, page errors, failed requests and 4xx/5xx answers, in order. */
  problems: string[];
}

describe.skipIf(!haveChromium)("demo page serving another network, in Chromium", () => {
  const apps: FastifyInstance[] = [];
  const origins: Record<"valid" | "expired" | "notYet", string> = { valid: "", expired: "", notYet: "" };
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!existsSync(join(root, "dist/web/index.html"))) throw new Error("dist/web holds no built page: run npm run build (npm test does) first");
    const out = join(tempDir(), "riverton.snapshot");
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      expect(await main(["import", fixture("expired"), "--out", out, "--reference", "none"])).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
    const network = loadSnapshot(out);
    for (const [name, now] of [["valid", VALID_NOW], ["expired", EXPIRED_NOW], ["notYet", NOT_YET_NOW]] as const) {
      const app = await buildApp({ network: staticNetworkSource(network), config: loadConfig({ LOG_LEVEL: "silent" }), clock: () => now });
      apps.push(app);
      origins[name] = await app.listen({ port: 0, host: "127.0.0.1" });
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    for (const app of apps) await app.close();
  });

  async function open(origin: string, viewport = DESKTOP): Promise<Opened> {
    const context = await browser!.newContext({ viewport, locale: "nl-BE" });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
    page.on("requestfailed", (r) => {
      if (r.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
    });
    page.on("response", (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.goto(`${origin}/`);
    await page.waitForSelector("body[data-ready=true]");
    await expect.poll(() => page.locator("#map-status").textContent(), { timeout: 30_000 }).toMatch(/haltes/);
    return { page, problems };
  }

  async function close(o: Opened): Promise<void> {
    await o.page.context().close();
    expect(o.problems).toEqual([]);
  }

  /** Types a text and chooses the suggestion whose label is `label`. */
  async function choose(page: Page, input: string, text: string, label: string) {
    await page.locator(input).fill("");
    await page.locator(input).pressSequentially(text, { delay: 15 });
    const list = page.locator(`#${await page.locator(input).getAttribute("aria-controls")}`);
    const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
    const option = list.locator("[role=option]").filter({ has: page.locator(".option-label", { hasText: exact }) }).first();
    await option.click();
  }

  const rows = (page: Page) => page.locator(".departures tbody tr").evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent ?? "")));

  async function plan(page: Page, when?: string) {
    await choose(page, "#plan-from", "Riverton Station", "Riverton Station");
    await choose(page, "#plan-to", "Mill Road", "Mill Road");
    if (when) await page.locator("#plan-when").fill(when);
    await page.locator("#plan-form button[type=submit]").click();
  }

  it("identity - title, tagline, footer and counts are Riverton Transit's, its station is named on the map; English re-renders every string shown", async () => {
    const o = await open(origins.valid);
    const { page } = o;
    expect(await page.title()).toBe("lijnwijzer – Riverton Transit");
    expect(await page.locator("#tagline").textContent()).toBe("Haltes, vertrekken en reisplanner van Riverton Transit, live uit de publieke API.");
    expect(await page.locator("#footer-data").textContent()).toBe("Gegevens: Riverton Transit; dienstregeling van 6 januari 2020 tot en met 12 juni 2020.");
    expect(await page.locator("#validity-banner").isHidden()).toBe(true);
    // the network's counts, as /health gives them to a client with a key (the station 1000 is no stop of its own)
    const health = (await (await fetch(`${origins.valid}/health`, { headers: { "Ocp-Apim-Subscription-Key": "demo" } })).json()) as { network: { counts: { stops: number; lines: number } } };
    expect(health.network.counts).toMatchObject({ stops: 12, lines: 2 });
    expect(await page.locator("#map-status").textContent()).toBe("12 haltes, 2 lijnen.");
    // no municipalities without reference data: the feed's station is named instead
    await expect.poll(() => page.locator(".layer-labels text").allTextContents()).toEqual(["Riverton Station"]);

    await choose(page, "#stop-input", "Main St", "Main St & 1st Ave");
    await page.locator(".departures tbody tr").first().waitFor();
    expect(await page.locator("#stop-status").textContent()).toBe("Gekozen: Main St & 1st Ave.");
    // 07:30 in Riverton: T1 to Mill Road at 08:05, T2 back to the station at 09:10; no real-time feed
    expect(await rows(page)).toEqual([
      ["10", "Mill Road", "08:05", "–", "geen real-time"],
      ["10", "Riverton Station", "09:10", "–", "geen real-time"],
    ]);
    await page.screenshot({ path: join(ARTIFACTS, "riverton-desktop.png") });

    await page.locator("#lang-toggle").click();
    expect(await page.title()).toBe("lijnwijzer – Riverton Transit");
    expect(await page.locator("#tagline").textContent()).toBe("Stops, departures and a journey planner for Riverton Transit, live from the public API.");
    expect(await page.locator("#footer-data").textContent()).toBe("Data: Riverton Transit; timetable from 6 January 2020 to 12 June 2020.");
    expect(await page.locator("#stop-status").textContent()).toBe("Chosen: Main St & 1st Ave.");
    expect(await page.locator("#map-status").textContent()).toBe("12 stops, 2 lines.");
    expect(await page.locator("#departures-heading").textContent()).toBe("Departures at Main St & 1st Ave (stop 1002)");
    expect(await page.locator(".departures thead th").allTextContents()).toEqual(["Line", "Destination", "Scheduled", "Expected", "Info"]);
    expect((await rows(page)).map((r) => r[4])).toEqual(["no real-time", "no real-time"]);
    expect(await page.locator("#departures .updated").textContent()).toMatch(/^Updated at \d\d:\d\d:\d\d/);
    await close(o);
  });

  it("phone - at 360 px nothing is cut or scrolls sideways, the departures table fits its panel; show on map brings the map into view", async () => {
    const o = await open(origins.valid, PHONE);
    const { page } = o;
    await choose(page, "#stop-input", "Main St", "Main St & 1st Ave");
    await page.locator(".departures tbody tr").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const board = page.locator("#departures");
    expect(await board.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const panel = (await board.boundingBox())!;
    for (const cell of await page.locator(".departures th:visible, .departures td:visible").all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
    }

    await plan(page, PLAN_TIME);
    await page.locator(".itinerary").first().waitFor();
    // T1 from the station's platform at 08:00 to Mill Road at 08:15
    expect(await page.locator(".itinerary").first().locator("h3 time").last().getAttribute("datetime")).toBe("2020-03-10T08:15:00");
    await page.evaluate(() => window.scrollTo(0, 0));
    const mapTop = () => page.locator("#map-panel").evaluate((el) => el.getBoundingClientRect().top);
    expect(await mapTop()).toBeGreaterThan(PHONE.height);
    await page.locator(".itinerary .show-on-map").first().click();
    await expect.poll(mapTop, { timeout: 10_000 }).toBeLessThan(1);
    expect(await mapTop()).toBeGreaterThanOrEqual(-1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, "riverton-phone.png"), fullPage: true });
    await close(o);
  });

  it("expired - a banner says the timetable expired and what the page shows; departures and journeys for today say why they are empty; a day within it plans", async () => {
    const o = await open(origins.expired);
    const { page } = o;
    const banner = page.locator("#validity-banner");
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toBe(
      "Deze dienstregeling is verlopen: de laatste dag met ritten was 12 juni 2020, vandaag is het 2 februari 2021. " +
        "Vertrekken en reiswegen voor vandaag blijven daarom leeg; de kaart toont het net van 12 juni 2020. " +
        "Kies in de reisplanner een tijdstip van 6 januari 2020 tot en met 12 juni 2020.",
    );
    // the counts stay the network's, the dots those of its last day
    expect(await page.locator("#map-status").textContent()).toBe("12 haltes, 2 lijnen.");

    await choose(page, "#stop-input", "Main St", "Main St & 1st Ave");
    await expect.poll(() => page.locator("#departures .none").textContent()).toBe("Geen vertrekken: de dienstregeling is verlopen op 12 juni 2020.");

    await plan(page);
    await expect
      .poll(() => page.locator("#plan-status").textContent())
      .toBe("Geen reiswegen: 2 februari 2021 ligt buiten de dienstregeling (6 januari 2020 tot en met 12 juni 2020). Kies een tijdstip daarbinnen.");
    await page.screenshot({ path: join(ARTIFACTS, "riverton-expired.png") });

    await page.locator("#lang-toggle").click();
    expect(await banner.textContent()).toBe(
      "This timetable has expired: its last day with trips was 12 June 2020, today is 2 February 2021. " +
        "Departures and journeys for today are therefore empty; the map shows the network of 12 June 2020. " +
        "Choose a time from 6 January 2020 to 12 June 2020 in the journey planner.",
    );
    expect(await page.locator("#departures .none").textContent()).toBe("No departures: the timetable expired on 12 June 2020.");
    expect(await page.locator("#plan-status").textContent()).toBe("No journeys: 2 February 2021 lies outside the timetable (6 January 2020 to 12 June 2020). Choose a time within it.");

    await page.locator("#plan-when").fill(PLAN_TIME);
    await page.locator("#plan-form button[type=submit]").click();
    await page.locator(".itinerary").first().waitFor();
    expect(await page.locator("#plan-status").textContent()).toMatch(/^\d+ journeys? from Riverton Station to Mill Road\.$/);
    await close(o);
  });

  it("not yet valid - the banner says when the timetable starts", async () => {
    const o = await open(origins.notYet);
    const { page } = o;
    expect(await page.locator("#validity-banner").textContent()).toBe(
      "Deze dienstregeling is nog niet begonnen: de eerste dag met ritten is 6 januari 2020, vandaag is het 2 december 2019. " +
        "Vertrekken en reiswegen voor vandaag blijven daarom leeg; de kaart toont het net van 6 januari 2020. " +
        "Kies in de reisplanner een tijdstip van 6 januari 2020 tot en met 12 juni 2020.",
    );
    await choose(page, "#stop-input", "Main St", "Main St & 1st Ave");
    await expect.poll(() => page.locator("#departures .none").textContent()).toBe("Geen vertrekken: de dienstregeling begint pas op 6 januari 2020.");
    await close(o);
  });
});
