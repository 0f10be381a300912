/**
 * End to end (docs/OPERATIONS.md "The demo page at /"): the demo page in Debian's Chromium, driven by playwright-core, against the real server as
 * `npm start` runs it (`lijnwijzer start`: the demo network, its real-time simulator, the key `demo`), on a free
 * loopback port. Every page a test opens records console errors, uncaught exceptions and failed requests, and the
 * test ends by expecting none. Screenshots go to test-artifacts/web/; desktop.png and phone.png are committed, the
 * others git-ignored.
 *
 * Skipped, with a message, only when /usr/bin/chromium is missing (.ci/run installs Debian's chromium).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, root } from "../cli/support/run-cli.js";

// Browser globals that the callbacks of page.evaluate use (they run in Chromium; the root tsconfig has no DOM lib).
declare const window: { innerHeight: number; scrollTo(x: number, y: number): void };
declare const document: { activeElement: unknown; documentElement: { scrollWidth: number } };
declare function getComputedStyle(el: unknown): { backgroundColor: string; outlineStyle: string };

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const ARTIFACTS = join(root, "test-artifacts/web");
/** A Tuesday morning inside the demo network's validity (2024-2030): the planner's answers do not depend on today. */
const PLAN_TIME = "2026-03-10T08:00";
const KEY = { "Ocp-Apim-Subscription-Key": "demo" };
const DESKTOP = { width: 1280, height: 900 };

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  console.warn(`test/web/demo-page.test.ts skipped: ${CHROMIUM} is missing (Debian: apt-get install chromium; .ci/run installs it)`);
}

interface Opened {
  page: Page;
  /** Console errors, page errors, failed requests and 4xx/5xx answers, in order. */
  problems: string[];
  /** Every URL the page asked for. */
  requests: string[];
}

/** "2026-03-10T08:06:00" -> "08:06", as the page shows times. */
const hhmm = (t: string) => t.slice(11, 16);

interface Server {
  origin: string;
  stop(): Promise<void>;
}

/** `lijnwijzer start` as `npm start` runs it, on a free loopback port, with `env` on top of a clean key setup. */
async function startServer(env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const full: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", WORKERS: "1" };
  for (const k of ["API_KEYS", "API_KEYS_FILE", "KEYS_FILE", "WEB_API_KEY", "REALTIME_FEEDS", "CORE_PREFIX", "SEARCH_PREFIX"]) delete full[k];
  const child: ChildProcess = spawn(process.execPath, ["bin/lijnwijzer.js", "start"], { cwd: root, env: { ...full, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`lijnwijzer start exited with ${child.exitCode}:\n${log}`);
    if (await fetch(`${origin}/health`).then((r) => r.ok, () => false)) return { origin, stop };
    if (Date.now() > until) {
      await stop();
      throw new Error(`lijnwijzer start did not answer /health:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!haveChromium)("demo page in Chromium", () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let origin = "";

  beforeAll(async () => {
    if (!existsSync(join(root, "dist/web/index.html"))) throw new Error("dist/web holds no built page: run npm run build (npm test does) first");
    server = await startServer();
    origin = server.origin;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path = "/", viewport = DESKTOP, at = origin, fakeClock = false): Promise<Opened> {
    const context = await browser!.newContext({ viewport, locale: "nl-BE" });
    const page = await context.newPage();
    // The page's timers on a clock the test moves (time still flows by itself until then).
    if (fakeClock) await page.clock.install();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
    page.on("request", (r) => requests.push(r.url()));
    page.on("requestfailed", (r) => {
      // a search superseded by a newer one is aborted on purpose
      if (r.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
    });
    page.on("response", (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.goto(`${at}${path}`);
    if (path === "/") await page.waitForSelector("body[data-ready=true]");
    return { page, problems, requests };
  }

  async function close(o: Opened): Promise<void> {
    await o.page.context().close();
    expect(o.problems).toEqual([]);
  }

  /**
   * Types like a person and waits for the suggestions of the whole text (on a busy machine the pause in typing
   * the search waits for may come early, and a half-typed text's suggestions show first).
   */
  async function typeAndWait(page: Page, input: string, text: string) {
    await page.locator(input).fill("");
    await page.locator(input).pressSequentially(text, { delay: 15 });
    const list = page.locator(`#${await page.locator(input).getAttribute("aria-controls")}`);
    await page.locator(`#${await list.getAttribute("id")}[data-query="${text}"] [role=option]`).first().waitFor();
    return list;
  }

  async function chooseStop(page: Page) {
    const list = await typeAndWait(page, "#stop-input", "leuven statoin perron 13");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    return list;
  }

  it("stop search - a misspelt name shows the right stop first; arrow keys and Enter choose it, Escape closes", async () => {
    const o = await open();
    const { page } = o;
    const input = page.locator("#stop-input");
    const list = await typeAndWait(page, "#stop-input", "leuven statoin perron 13");
    const first = list.locator("[role=option]").first();
    await expect.poll(() => first.locator(".option-label").textContent()).toBe("Leuven Station perron 13");
    expect(await first.locator(".option-detail").textContent()).toContain("303148");
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator("#stop-status").textContent()).toMatch(/suggestie/);

    await page.keyboard.press("ArrowDown");
    expect(await input.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    expect(await first.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    expect(await input.inputValue()).toBe("Leuven Station perron 13");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(await list.isHidden()).toBe(true);

    await typeAndWait(page, "#stop-input", "gasbeek kapel");
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Escape");
    expect(await input.inputValue()).toBe("");
    await close(o);
  });

  it("departures - choosing the stop shows its passages as the real-time endpoint answers them, badges in the line colours; refreshed every 20 s", async () => {
    const o = await open("/", DESKTOP, origin, true);
    const { page } = o;
    let realtime: { halteDoorkomsten: Array<{ doorkomsten: Array<Record<string, unknown>> }> } | undefined;
    let lines: { lijnrichtingen: Array<Record<string, string>> } | undefined;
    page.on("response", (r) => {
      // (a body still on its way when the page closes is of no interest)
      if (r.url().includes("/haltes/3/303148/real-time")) void r.json().then((b) => (realtime = b), () => {});
      if (r.url().endsWith("/haltes/3/303148/lijnrichtingen")) void r.json().then((b) => (lines = b), () => {});
    });
    await chooseStop(page);
    await page.locator(".departures tbody tr").first().waitFor();
    expect(await page.locator("#departures-heading").textContent()).toContain("Leuven Station perron 13");

    // Each row is the answer's passage of the same id, in the same order, with its times and state.
    const shown = () =>
      page.locator(".departures tbody tr").evaluateAll((rows) =>
        rows.map((r) => ({
          id: r.getAttribute("data-doorkomst-id"),
          cells: [...r.querySelectorAll("td")].map((td) => td.textContent ?? ""),
          background: getComputedStyle(r.querySelector(".badge")!).backgroundColor,
        })),
      );
    const expected = () => {
      const passages = realtime!.halteDoorkomsten.flatMap((h) => h.doorkomsten);
      return passages.map((p) => {
        const rt = p["real-timeTijdstip"] as string | undefined;
        const statuses = p.predictionStatussen as string[];
        const ld = lines?.lijnrichtingen.find((l) => l.entiteitnummer === p.entiteitnummer && l.lijnnummer === String(p.lijnnummer));
        return {
          id: p.doorkomstId,
          line: ld?.lijnNummerPubliek ?? String(p.lijnnummer),
          destination: p.bestemming,
          scheduled: hhmm(p.dienstregelingTijdstip as string),
          expected: rt ? hhmm(rt) : "–",
          cancelled: statuses.includes("GESCHRAPT"),
          colour: ld?.kleurAchterGrond,
        };
      });
    };
    await expect.poll(async () => (realtime && lines ? (await shown()).map((r) => r.id) : null), { timeout: 15_000 }).toEqual(expected().map((p) => p.id));
    const rows = await shown();
    const want = expected();
    expect(want.length).toBeGreaterThan(0);
    for (const [i, p] of want.entries()) {
      const [line, destination, scheduled, expectedTime, remark] = rows[i].cells;
      expect({ line, destination, scheduled, expectedTime }).toEqual({ line: p.line, destination: p.destination, scheduled: p.scheduled, expectedTime: p.expected });
      if (p.cancelled) expect(remark).toBe("Geschrapt");
      const hex = p.colour!;
      const rgb = `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;
      expect(rows[i].background).toBe(rgb);
    }
    expect(await page.locator("#departures .updated").textContent()).toMatch(/Bijgewerkt om \d\d:\d\d:\d\d/);
    // the map shows the stop and the lines that serve it
    await expect.poll(() => page.locator(".layer-highlight path").count(), { timeout: 15_000 }).toBe(lines!.lijnrichtingen.length);
    expect(await page.locator(".layer-markers .marker-stop").count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, "departures.png"), fullPage: true });

    // On the page's clock, stopped now: one refresh in each of the next two 20-second spans (the last answer
    // came less than 20 s ago, and the next is due 20 s after an answer).
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10));
    const asked = () => o.requests.filter((u) => u.includes("/haltes/3/303148/real-time")).length;
    const before = asked();
    const updated = () => page.locator("#departures .updated").textContent();
    const shownAt = await updated();
    await page.clock.runFor(20_000);
    await expect.poll(asked, { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(updated, { timeout: 10_000 }).not.toBe(shownAt); // the answer is in: the next one is due
    await page.clock.runFor(20_000);
    await expect.poll(asked, { timeout: 10_000 }).toBe(before + 2);
    await close(o);
  });

  /** The itineraries shown: their first and last times as the page's <time datetime> says. */
  function itineraries(page: Page) {
    return page.locator(".itinerary h3").evaluateAll((hs) =>
      hs.map((h) => {
        const [start, end] = [...h.querySelectorAll("time")].map((t) => t.getAttribute("datetime") ?? "");
        return { start, end };
      }),
    );
  }

  async function chooseLocation(page: Page, input: string, text: string, detail: string) {
    const list = await typeAndWait(page, input, text);
    await list.locator("[role=option]", { hasText: detail }).first().click();
  }

  it("route planner - Leuven → Antwerpen shows itineraries; later and earlier page by the spec's rules", async () => {
    const o = await open();
    const { page } = o;
    // a stop's departures first, so that the screenshot shows the whole page at work
    await chooseStop(page);
    await page.locator(".departures tbody tr").first().waitFor();
    await chooseLocation(page, "#plan-from", "Leuven", "gemeente");
    await chooseLocation(page, "#plan-to", "Antwerpen", "gemeente");
    expect(await page.locator("#plan-from").inputValue()).toBe("Leuven");
    expect(await page.locator("#plan-to").inputValue()).toBe("Antwerpen");
    await page.locator("#plan-when").fill(PLAN_TIME);
    await page.locator("#plan-form button[type=submit]").click();
    await page.locator(".itinerary").first().waitFor();

    const first = await itineraries(page);
    expect(first.length).toBeGreaterThan(0);
    for (const r of first) expect(r.start >= `${PLAN_TIME}:00`).toBe(true);
    expect(await page.locator("#plan-status").textContent()).toMatch(/reiswegen? van Leuven naar Antwerpen/);
    // steps with times, a line badge for each vehicle, transfers and walking in the summary
    const head = page.locator(".itinerary").first();
    expect(await head.locator(".steps li").count()).toBeGreaterThan(1);
    expect(await head.locator(".step-ride .badge").count()).toBeGreaterThan(0);
    expect(await head.locator(".itinerary-meta").textContent()).toMatch(/(rechtstreeks|overstap)/);
    expect(await head.locator(".step-walk").first().textContent()).toMatch(/Wandel \d+ m/);
    // the first itinerary is on the map, along its lines
    await expect.poll(() => page.locator(".layer-itinerary .leg-ride").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator(".layer-markers .marker").count()).toBe(2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, "desktop.png") }); // README's picture: docs/demo-page.png
    await page.screenshot({ path: join(ARTIFACTS, "planner.png"), fullPage: true });

    // LATER: itineraries departing strictly after the latest departure shown
    const latestDeparture = first.map((r) => r.start).sort().at(-1)!;
    await page.locator(".page-later").click();
    await expect.poll(async () => (await itineraries(page))[0]?.start, { timeout: 30_000 }).not.toBe(first[0].start);
    const later = await itineraries(page);
    expect(later.length).toBeGreaterThan(0);
    expect(later).not.toEqual(first);
    for (const r of later) expect(r.start > latestDeparture).toBe(true);

    // VROEGER: itineraries arriving strictly before the earliest arrival shown
    const earliestArrival = later.map((r) => r.end).sort()[0];
    await page.locator(".page-vroeger").click();
    await expect.poll(async () => JSON.stringify(await itineraries(page)), { timeout: 30_000 }).not.toBe(JSON.stringify(later));
    const earlier = await itineraries(page);
    expect(earlier.length).toBeGreaterThan(0);
    for (const r of earlier) expect(r.end < earliestArrival).toBe(true);

    // another itinerary on the map on request
    if (earlier.length > 1) {
      const button = page.locator(".itinerary .show-on-map").nth(1);
      await button.click();
      expect(await page.locator(".itinerary .show-on-map").nth(1).getAttribute("aria-pressed")).toBe("true");
    }
    await close(o);
  });

  it("map - municipality outlines, every line and every stop from the API's own data, the network's counts, municipality names where they fit; nothing from another host", async () => {
    const o = await open();
    const { page } = o;
    // the demo keeps its own texts, and is valid: no banner
    expect(await page.title()).toBe("lijnwijzer – live demo");
    expect(await page.locator("#tagline").textContent()).toBe("Haltes, vertrekken en reisplanner van het demonet, live uit de publieke API.");
    expect(await page.locator("#footer-data").textContent()).toBe("Demonet: gegenereerd uit echte Vlaamse gemeenten, stations en Leuvense haltes.");
    expect(await page.locator("#validity-banner").isHidden()).toBe(true);
    await expect.poll(() => page.locator("#map-status").textContent(), { timeout: 30_000 }).toMatch(/haltes/);
    const kaart = (await (await fetch(`${origin}/DLKernOpenData/v1/beta/kaart`, { headers: KEY })).json()) as { features: Array<{ properties: { soort: string } }> };
    const stops = (await (await fetch(`${origin}/DLKernOpenData/v1/beta/haltes`, { headers: KEY })).json()) as { haltes: unknown[] };
    const health = (await (await fetch(`${origin}/health`, { headers: KEY })).json()) as { network: { counts: { stops: number; lines: number } } };
    const lineCount = kaart.features.filter((f) => f.properties.soort === "lijn").length;
    expect(lineCount).toBeGreaterThan(0);
    expect(await page.locator(".layer-lines path").count()).toBe(lineCount);
    // the network's counts, as /health has them (7.789 in Dutch: a thousands separator)
    const { stops: stopCount, lines } = health.network.counts;
    expect(await page.locator("#map-status").textContent()).toBe(`${stopCount.toLocaleString("nl-BE")} haltes, ${lines} lijnen.`);
    const dots = await page.locator(".layer-stops path").getAttribute("d");
    expect(dots!.match(/M/g)!.length).toBe(stops.haltes.length);
    expect((await page.locator(".layer-municipalities path").getAttribute("d"))!.length).toBeGreaterThan(1000);

    // Municipality names: the biggest at the whole network's view, more once zoomed in, never two overlapping.
    const labels = () => page.locator(".layer-labels text").allTextContents();
    await expect.poll(labels, { timeout: 15_000 }).toContain("Leuven");
    // The labels once the view has settled (the map fits the network when its data has come: on a busy machine
    // after the first names are drawn): the same twice half a second apart.
    const settled = async () => {
      let before = "";
      for (let i = 0; i < 40; i++) {
        const now = (await labels()).join("|");
        if (now === before) return now.split("|");
        before = now;
        await page.waitForTimeout(500);
      }
      throw new Error("the map's labels never settled");
    };
    const whole = await settled();
    expect(whole).toEqual(expect.arrayContaining(["Leuven", "Antwerpen", "Gent", "Brugge", "Hasselt"]));
    expect(whole).not.toContain("Heverlee"); // a sub-municipality: no label of its own
    const overlaps = () =>
      page.locator(".layer-labels text").evaluateAll((texts) => {
        const boxes = texts.map((t) => t.getBoundingClientRect());
        return boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).map(() => i));
      });
    expect(await overlaps()).toEqual([]);
    await page.locator("#map-zoom-in").click();
    await page.locator("#map-zoom-in").click();
    // The labels are drawn again when the view settles: on a busy machine that takes a while.
    await expect.poll(async () => (await labels()).join("|"), { timeout: 15_000 }).not.toBe(whole.join("|"));
    // Zoomed in, names too small to fit before appear (and some of the whole view's leave the frame).
    expect((await settled()).filter((name) => !whole.includes(name))).not.toEqual([]);
    await page.locator("#map-fit").click();
    await expect.poll(labels, { timeout: 15_000 }).toEqual(whole);

    // zoom and pan change the view, "show all" restores it
    const map = page.locator("#map");
    const initial = await map.getAttribute("viewBox");
    await page.locator("#map-zoom-in").click();
    const zoomed = await map.getAttribute("viewBox");
    expect(zoomed).not.toBe(initial);
    await map.focus();
    await page.keyboard.press("ArrowRight");
    expect(await map.getAttribute("viewBox")).not.toBe(zoomed);
    await page.locator("#map-fit").click();
    expect(await map.getAttribute("viewBox")).toBe(initial);

    expect(o.requests.filter((u) => !u.startsWith(origin))).toEqual([]);
    await close(o);
  });

  it("language - the toggle switches the labels to English and back, the choice is kept; focus is visible", async () => {
    const o = await open();
    const { page } = o;
    expect(await page.locator("#plan-heading").textContent()).toBe("Reisplanner");
    await page.keyboard.press("Tab"); // the skip link
    await page.keyboard.press("Tab"); // the language toggle
    const toggle = page.locator("#lang-toggle");
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toggle.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
    await page.keyboard.press("Enter");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.locator("#plan-heading").textContent()).toBe("Journey planner");
    expect(await page.locator("#stop-input").getAttribute("placeholder")).toBe("e.g. Leuven Station perron 13");
    expect(await page.locator("#map").getAttribute("aria-label")).toMatch(/^Map of the network/);
    await chooseStop(page);
    await page.locator(".departures thead th").first().waitFor();
    expect(await page.locator(".departures thead th").allTextContents()).toEqual(["Line", "Destination", "Scheduled", "Expected", "Info"]);
    expect(await page.locator("#stop-status").textContent()).toBe("Chosen: Leuven Station perron 13.");
    await expect.poll(() => page.locator("#map-status").textContent(), { timeout: 30_000 }).toMatch(/^[\d,]+ stops, \d+ lines\.$/);
    // every string shown follows the switch, the status lines included
    await page.locator("#lang-toggle").click();
    expect(await page.locator("#stop-status").textContent()).toBe("Gekozen: Leuven Station perron 13.");
    expect(await page.locator("#map-status").textContent()).toMatch(/^[\d.]+ haltes, \d+ lijnen\.$/);
    expect(await page.locator(".departures thead th").allTextContents()).toEqual(["Lijn", "Richting", "Gepland", "Verwacht", "Info"]);
    expect(await page.locator("#departures-heading").textContent()).toBe("Vertrekken aan Leuven Station perron 13 (halte 303148)");
    await page.locator("#lang-toggle").click();
    expect(await page.locator("#stop-status").textContent()).toBe("Chosen: Leuven Station perron 13.");
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    expect(await page.locator("#plan-heading").textContent()).toBe("Journey planner");
    await page.locator("#lang-toggle").click();
    expect(await page.locator("#plan-heading").textContent()).toBe("Reisplanner");
    await close(o);
  });

  it("phone - on a 360 px wide screen nothing scrolls sideways or is cut, the parts stack; show on map brings the map into view", async () => {
    const width = 360;
    const o = await open("/", { width, height: 740 });
    const { page } = o;
    await chooseStop(page);
    await page.locator(".departures tbody tr").first().waitFor();
    await expect.poll(() => page.locator("#map-status").textContent(), { timeout: 30_000 }).toMatch(/haltes/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const panel = await page.locator(".panels").boundingBox();
    const map = await page.locator(".map-panel").boundingBox();
    expect(map!.y).toBeGreaterThan(panel!.y + panel!.height - 1);
    expect(map!.width).toBeLessThanOrEqual(width);
    // The departures table fits its board: nothing to scroll sideways, every cell shown inside it, the remark too.
    const board = page.locator("#departures");
    expect(await board.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const boardBox = (await board.boundingBox())!;
    for (const cell of await page.locator(".departures th:visible, .departures td:visible").all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(boardBox.x + boardBox.width + 0.5);
    }
    expect(await page.locator(".departures thead th:visible").allTextContents()).toEqual(["Lijn", "Richting", "Gepland", "Info"]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, "phone.png") });

    await chooseLocation(page, "#plan-from", "Leuven", "gemeente");
    await chooseLocation(page, "#plan-to", "Antwerpen", "gemeente");
    await page.locator("#plan-when").fill(PLAN_TIME);
    await page.locator("#plan-form button[type=submit]").click();
    await page.locator(".itinerary").first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const mapTop = () => page.locator("#map-panel").evaluate((el) => el.getBoundingClientRect().top);
    expect(await mapTop()).toBeGreaterThan(740);
    const button = page.locator(".itinerary .show-on-map").last();
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await expect.poll(mapTop, { timeout: 10_000 }).toBeLessThan(1);
    expect(await mapTop()).toBeGreaterThanOrEqual(-1);
    expect(await button.getAttribute("aria-pressed")).toBe("true");
    await close(o);
  });

  it("/docs - the interactive reference lists every operation of the core and search OpenAPI documents", async () => {
    const expected = new Set<string>();
    for (const url of [`${origin}/DLKernOpenData/openapi.json`, `${origin}/DLZoekOpenData/openapi.json`]) {
      const doc = (await (await fetch(url)).json()) as { paths: Record<string, Record<string, unknown>> };
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const method of Object.keys(item)) if (["get", "head", "post", "put", "delete", "patch", "options"].includes(method)) expected.add(`${method.toUpperCase()} ${path}`);
      }
    }
    const o = await open("/docs");
    const { page } = o;
    await page.locator(".swagger-ui .information-container").first().waitFor({ timeout: 60_000 });
    const listed = new Set<string>();
    const collect = async () => {
      // open every collapsed tag, then read each operation's method and path
      for (const tag of await page.locator(".opblock-tag[data-is-open=false]").all()) await tag.click();
      await page.locator(".opblock").first().waitFor();
      for (const op of await page.locator(".opblock").evaluateAll((els) =>
        els.map((el) => `${el.querySelector(".opblock-summary-method")?.textContent?.trim()} ${el.querySelector(".opblock-summary-path")?.getAttribute("data-path")}`),
      )) {
        listed.add(op);
      }
    };
    const definitions = page.locator(".topbar select");
    if ((await definitions.count()) > 0) {
      const options = await definitions.locator("option").allTextContents();
      for (const option of options) {
        // each document has paths of its own: the set grows once the chosen one is rendered
        const before = listed.size;
        await definitions.selectOption({ label: option });
        await expect.poll(async () => (await collect(), listed.size), { timeout: 30_000 }).toBeGreaterThan(before);
      }
    } else await collect();
    await page.screenshot({ path: join(ARTIFACTS, "docs.png") });
    expect(expected.size).toBeGreaterThan(100);
    expect([...expected].filter((op) => !listed.has(op))).toEqual([]);
    await close(o);
  });

  it("configured keys - the page asks for a key before it calls the API, then works with it", async () => {
    const keyed = await startServer({ API_KEYS: "e2e-key-1,e2e-key-2" });
    try {
      const o = await open("/", DESKTOP, keyed.origin);
      const { page } = o;
      expect(await (await fetch(`${keyed.origin}/web-config.json`)).json()).toMatchObject({ key: null });
      expect(await page.locator("#key-panel").isVisible()).toBe(true);
      expect(o.requests.filter((u) => u.includes("/DLKernOpenData/") || u.includes("/DLZoekOpenData/"))).toEqual([]);
      await page.locator("#key-input").fill("e2e-key-2");
      await page.locator("#key-form button[type=submit]").click();
      expect(await page.locator("#key-panel").isHidden()).toBe(true);
      await expect.poll(() => page.locator("#map-status").textContent(), { timeout: 30_000 }).toMatch(/haltes/);
      await chooseStop(page);
      await page.locator(".departures tbody tr").first().waitFor();
      await close(o);
    } finally {
      await keyed.stop();
    }
  });
});
