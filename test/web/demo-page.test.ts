/**
 * End to end (docs/OPERATIONS.md "The demo page at /"): the demo page in Debian's Chromium, driven by playwright-core, against the real server as
 * `npm start` runs it (`lijnwijzer start`: the demo network, its real-time simulator, the key `demo`), on a free
 * loopback port. Every page a test opens records console errors, uncaught exceptions and failed requests, and the
 * test ends by expecting none. Screenshots go to test-artifacts/web/; desktop.png, phone.png, vehicles.png and
 * reachability.png are committed, the others git-ignored.
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
  /** The URLs the page asked for as event streams (Accept: text/event-stream). */
  streams: string[];
}

/** "2026-03-10T08:06:00" -> "08:06", as the page shows times. */
const hhmm = (t: string) => t.slice(11, 16);

interface Server {
  origin: string;
  stop(): Promise<void>;
  /** SIGHUP: the server loads its snapshot again (a new network for every stream: event `netwerk`). */
  reload(): void;
}

/**
 * The latest answer of an event stream, read by the test beside the page (docs/COMPATIBILITY.md R24): `latest()` is
 * the data of the last `event` message, `count()` how many came.
 */
function followStream(url: string, event: string) {
  const ac = new AbortController();
  let latest: unknown;
  let count = 0;
  void (async () => {
    const res = await fetch(url, { headers: { ...KEY, accept: "text/event-stream" }, signal: ac.signal });
    const decoder = new TextDecoder();
    let pending = "";
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      pending += decoder.decode(chunk, { stream: true });
      const blocks = pending.split("\n\n");
      pending = blocks.pop()!;
      for (const block of blocks) {
        const lines = block.split("\n");
        if (!lines.includes(`event: ${event}`)) continue;
        latest = JSON.parse(lines.find((l) => l.startsWith("data: "))!.slice(6));
        count++;
      }
    }
  })().catch(() => {});
  return { latest: () => latest, count: () => count, close: () => ac.abort() };
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
    if (await fetch(`${origin}/health`).then((r) => r.ok, () => false)) return { origin, stop, reload: () => child.kill("SIGHUP") };
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

  async function open(path = "/", viewport = DESKTOP, at = origin): Promise<Opened> {
    const context = await browser!.newContext({ viewport, locale: "nl-BE" });
    const page = await context.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    const streams: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
    page.on("request", (r) => {
      requests.push(r.url());
      if ((r.headers().accept ?? "").includes("text/event-stream")) streams.push(r.url());
    });
    page.on("requestfailed", (r) => {
      // a search superseded by a newer one is aborted on purpose
      if (r.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
    });
    page.on("response", (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.goto(`${at}${path}`);
    if (path === "/") await page.waitForSelector("body[data-ready=true]");
    return { page, problems, requests, streams };
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

  it("departures - choosing the stop shows its passages as its event stream sends them, badges in the line colours; one stream, no polling; a new network reloads the stop's lines", async () => {
    const o = await open();
    const { page } = o;
    // The same stream beside the page: what the board shows is its latest message.
    const stream = followStream(`${origin}/DLKernOpenData/v1/beta/haltes/3/303148/real-time?maxAantalDoorkomsten=12`, "doorkomsten");
    let lines: { lijnrichtingen: Array<Record<string, string>> } | undefined;
    page.on("response", (r) => {
      // (a body still on its way when the page closes is of no interest)
      if (r.url().endsWith("/haltes/3/303148/lijnrichtingen")) void r.json().then((b) => (lines = b), () => {});
    });
    try {
      await chooseStop(page);
      await page.locator(".departures tbody tr").first().waitFor();
      expect(await page.locator("#departures-heading").textContent()).toContain("Leuven Station perron 13");
      expect(await page.locator("#departures").getAttribute("data-live")).toBe("stream");

      // Each row is the stream's passage of the same id, in the same order, with its times and state.
      const shown = () =>
        page.locator(".departures tbody tr").evaluateAll((rows) =>
          rows.map((r) => ({
            id: r.getAttribute("data-doorkomst-id"),
            cells: [...r.querySelectorAll("td")].map((td) => td.textContent ?? ""),
            background: getComputedStyle(r.querySelector(".badge")!).backgroundColor,
          })),
        );
      const expected = () => {
        const realtime = stream.latest() as { halteDoorkomsten: Array<{ doorkomsten: Array<Record<string, unknown>> }> };
        const passages = realtime.halteDoorkomsten.flatMap((h) => h.doorkomsten);
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
      await expect.poll(async () => (stream.latest() && lines ? (await shown()).map((r) => r.id) : null), { timeout: 15_000 }).toEqual(expected().map((p) => p.id));
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
      const updated = () => page.locator("#departures .updated").textContent();
      expect(await updated()).toMatch(/^Bijgewerkt om \d\d:\d\d:\d\d; live/);
      // the map shows the stop and the lines that serve it
      await expect.poll(() => page.locator(".layer-highlight path").count(), { timeout: 15_000 }).toBe(lines!.lijnrichtingen.length);
      expect(await page.locator(".layer-markers .marker-stop").count()).toBe(1);
      await page.screenshot({ path: join(ARTIFACTS, "departures.png"), fullPage: true });

      // One request for the passages, as an event stream; the JSON answer is never polled while it runs.
      const passagesAsked = () => o.requests.filter((u) => u.includes("/haltes/3/303148/real-time"));
      expect(passagesAsked()).toHaveLength(1);
      expect(o.streams.filter((u) => u.includes("/haltes/3/303148/real-time"))).toEqual(passagesAsked());

      // The server loads its network again: the stream says `netwerk` and sends the passages on it; the board
      // asks for the stop's lines again and shows the new message, still on the one stream.
      const linesAsked = () => o.requests.filter((u) => u.endsWith("/haltes/3/303148/lijnrichtingen")).length;
      const linesBefore = linesAsked();
      const shownAt = await updated();
      const messages = stream.count();
      // The board's time is to the second: after a second, the answer that follows the reload shows another one.
      await new Promise((r) => setTimeout(r, 1100));
      server!.reload();
      await expect.poll(linesAsked, { timeout: 60_000 }).toBe(linesBefore + 1);
      await expect.poll(updated, { timeout: 15_000 }).not.toBe(shownAt);
      await expect.poll(stream.count, { timeout: 15_000 }).toBeGreaterThan(messages);
      await expect.poll(async () => (await shown()).map((r) => r.id), { timeout: 15_000 }).toEqual(expected().map((p) => p.id));
      expect(passagesAsked()).toHaveLength(1);

      // Another stop closes the stream of the first and opens its own.
      await typeAndWait(page, "#stop-input", "gasbeek kapel");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect.poll(() => o.streams.filter((u) => u.includes("/real-time")).length, { timeout: 15_000 }).toBe(2);
      expect(o.streams.filter((u) => u.includes("/real-time"))[1]).not.toContain("/haltes/3/303148/");
    } finally {
      stream.close();
    }
    await close(o);
  });

  /** The middle of the map, 640 × 360 (the network at the whole view, what a layer centres on), as a small PNG. */
  async function shootMap(page: Page, name: string) {
    const box = (await page.locator("#map").boundingBox())!;
    const clip = { x: box.x + Math.max(0, (box.width - 640) / 2), y: box.y + Math.max(0, (box.height - 360) / 2), width: Math.min(640, box.width), height: Math.min(360, box.height) };
    await page.screenshot({ path: join(ARTIFACTS, name), clip, scale: "css" });
  }

  /** Every vehicle marker on the map: its data-rit (entity_line_service date_ritnummer), its place, its classes and title. */
  function vehicleMarkers(page: Page) {
    return page.locator(".layer-vehicles .vehicle").evaluateAll((els) =>
      els.map((el) => ({
        id: el.getAttribute("data-rit")!,
        lat: Number(el.getAttribute("data-lat")),
        lon: Number(el.getAttribute("data-lon")),
        estimated: el.classList.contains("vehicle-estimated"),
        arrow: el.querySelector(".vehicle-arrow") !== null,
        title: el.querySelector("title")?.textContent ?? "",
      })),
    );
  }

  /** A vehicle as GET /voertuigen answers it, the fields the vehicles test reads. */
  interface ApiVehicle {
    ritnummer: string;
    dienstregelingDatum: string;
    lijnrichting: { entiteitnummer: string; lijnnummer: number };
    positie: { latitude: number; longitude: number };
    geschat: boolean;
    richtingGraden?: number;
  }
  async function apiVehicles(): Promise<ApiVehicle[]> {
    return ((await (await fetch(`${origin}/DLKernOpenData/v1/beta/voertuigen`, { headers: KEY })).json()) as { voertuigen: ApiVehicle[] }).voertuigen;
  }
  /** The page's id of a vehicle's marker (data-rit). */
  const markerId = (v: ApiVehicle) => `${v.lijnrichting.entiteitnummer}_${v.lijnrichting.lijnnummer}_${v.dienstregelingDatum}_${v.ritnummer}`;

  it("vehicles - the network's vehicles from their event stream, a marker per trip that moves as messages come; hover and click name line and delay; the checkbox turns them off", async () => {
    const o = await open();
    const { page } = o;
    const toggle = page.locator("#vehicles-toggle");
    expect(await toggle.isChecked()).toBe(true); // on by default on the demo
    // The simulator runs on the clock: in the small hours the demo has nothing on the road, and the page none.
    const onTheRoad = async () => (await apiVehicles()).length;
    if ((await onTheRoad()) === 0) {
      await expect.poll(() => toggle.getAttribute("data-live"), { timeout: 30_000 }).toBe("stream");
      expect(await vehicleMarkers(page)).toHaveLength(0);
      console.warn("demo-page vehicles: no vehicle on the road at this hour; only the empty layer was checked");
      await close(o);
      return;
    }
    await expect.poll(async () => (await vehicleMarkers(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await toggle.getAttribute("data-live")).toBe("stream");
    expect(o.streams.filter((u) => u.endsWith("/DLKernOpenData/v1/beta/voertuigen"))).toHaveLength(1);

    // As the API has them: the same trips, each where the API places it (the page may be a message behind).
    const api = await apiVehicles();
    const first = await vehicleMarkers(page);
    const apiIds = new Set(api.map(markerId));
    expect(first.filter((v) => apiIds.has(v.id)).length).toBeGreaterThan(first.length / 2);
    expect(new Set(first.map((v) => v.id)).size).toBe(first.length); // one marker per trip
    for (const v of first) expect(v.title).toMatch(/^Lijn \S+ · (op tijd|\+\d+ min|\d+ min vroeger|vertraging onbekend) · voertuig \S+, (gemeten|geschatte) positie$/);
    expect(first.filter((v) => v.estimated).every((v) => v.title.endsWith("geschatte positie"))).toBe(true);
    // An arrow where the heading is known (richtingGraden), none where it is not: a vehicle waiting at a stop has none,
    // and at the first hour of service all may wait. Compared where the page shows the API's message (same position).
    const arrows = async () => {
      const byId = new Map((await apiVehicles()).map((v) => [markerId(v), v]));
      const markers = await vehicleMarkers(page);
      return markers
        .filter((m) => byId.get(m.id)?.positie.latitude === m.lat && byId.get(m.id)?.positie.longitude === m.lon)
        .map((m) => ({ id: m.id, arrow: m.arrow, bearing: byId.get(m.id)!.richtingGraden !== undefined }));
    };
    let same = await arrows();
    // A message may come between the two reads: read again until the page shows the API's (5 s at most).
    for (let tries = 0; same.length === 0 && tries < 20; tries++) {
      await page.waitForTimeout(250);
      same = await arrows();
    }
    expect(same.length).toBeGreaterThan(0);
    for (const m of same) expect(m.arrow, m.id).toBe(m.bearing);
    // The count under the map is the markers' (read together: a message may come between two reads).
    const counted = () =>
      page.locator("#map-panel").evaluate((panel) => ({
        markers: panel.querySelectorAll(".layer-vehicles .vehicle").length,
        estimated: panel.querySelectorAll(".layer-vehicles .vehicle-estimated").length,
        status: panel.querySelector("#vehicle-status")?.textContent ?? "",
      }));
    const c = await counted();
    expect(c.status).toBe(`${c.markers} voertuigen onderweg (${c.estimated} geschat); klik op een voertuig voor zijn lijn en vertraging.`);
    await shootMap(page, "vehicles.png");

    // The next message moves them: the same trip, somewhere else, still one stream. Only a vehicle between two stops
    // moves (one with a heading): in the first hour of service every vehicle may still stand at a stop.
    if (same.some((m) => m.bearing)) {
      const at = new Map(first.map((v) => [v.id, `${v.lat},${v.lon}`]));
      const moved = async () => (await vehicleMarkers(page)).filter((v) => at.has(v.id) && at.get(v.id) !== `${v.lat},${v.lon}`).length;
      await expect.poll(moved, { timeout: 90_000, interval: 1_000 }).toBeGreaterThan(0);
    } else {
      console.warn("demo-page vehicles: every vehicle stands at a stop at this hour; their moving was not checked");
    }
    expect(o.streams.filter((u) => u.endsWith("/voertuigen"))).toHaveLength(1);
    expect(o.requests.filter((u) => u.endsWith("/voertuigen"))).toHaveLength(1);

    // A click on a vehicle names it under the map.
    await page.locator(".layer-vehicles .vehicle").first().click({ force: true });
    await expect.poll(() => page.locator("#vehicle-info").textContent(), { timeout: 5_000 }).toMatch(/^Lijn \S+ · /);

    // Off: no marker, no stream; on again: a new stream.
    await toggle.uncheck();
    expect(await page.locator(".layer-vehicles .vehicle").count()).toBe(0);
    expect(await toggle.getAttribute("data-live")).toBe("stopped");
    await toggle.check();
    await expect.poll(async () => (await vehicleMarkers(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(o.streams.filter((u) => u.endsWith("/voertuigen"))).toHaveLength(2);
    await close(o);
  }, 150_000); // the wait for the next message (REALTIME_INTERVAL_SECONDS, 30 s) and for vehicles to move

  it("reachability - from the chosen stop: the area and the stops reached, coloured by arrival, as many as the API answers; minutes change it, clear removes it; from a point of the map too", async () => {
    const o = await open();
    const { page } = o;
    let answer: { haltes: Array<{ reistijdSeconden: number }>; minuten: number; gebied: { coordinates: unknown[] } } | undefined;
    page.on("response", (r) => {
      if (r.url().includes("/bereikbaarheid")) void r.json().then((b) => (answer = b), () => {});
    });
    await expect.poll(() => page.locator("#map-status").textContent(), { timeout: 30_000 }).toMatch(/haltes/);
    await chooseStop(page);
    await page.locator("#reach-stop").click();
    const status = page.locator("#reach-status");
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^\d+ haltes bereikbaar binnen 30 min vanaf Leuven Station perron 13, vertrek \d\d:\d\d\.$/);
    expect(o.requests.filter((u) => u.includes("/haltes/3/303148/bereikbaarheid?minuten=30&geojson=true"))).toHaveLength(1);
    await expect.poll(() => answer !== undefined).toBe(true);
    const reached = Number((await status.textContent())!.split(" ")[0]);
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBe(answer!.haltes.length);
    // bands of 10, 20 and 30 min, each holding the stops the API reached in it
    const bands = () => page.locator(".layer-reached .reach-stops").evaluateAll((ps) => ps.map((p) => Number(p.getAttribute("data-count"))));
    const inBand = (lo: number, hi: number) => answer!.haltes.filter((h) => h.reistijdSeconden > lo * 60 && h.reistijdSeconden <= hi * 60).length;
    expect(await bands()).toEqual([inBand(-1, 10), inBand(10, 20), inBand(20, 30)]);
    expect(await page.locator("#reach-legend li").allTextContents()).toEqual([" aankomst binnen 10 min", " 10–20 min", " 20–30 min"]);
    // the area: one path of the answer's circles, each a closed ring
    const area = await page.locator(".layer-reach-area .reach-area").getAttribute("d");
    expect(area!.match(/Z/g)!.length).toBe(answer!.gebied.coordinates.length);
    await shootMap(page, "reachability.png");

    // 15 minutes: asked again from the same stop, two bands
    await page.locator("#reach-minutes").selectOption("15");
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/binnen 15 min vanaf Leuven Station perron 13/);
    expect((await bands()).length).toBe(2);
    expect((await bands()).reduce((a, b) => a + b, 0)).toBe(Number((await status.textContent())!.split(" ")[0]));

    await page.locator("#reach-clear").click();
    expect(await page.locator(".layer-reached path").count()).toBe(0);
    expect(await page.locator(".layer-reach-area path").count()).toBe(0);
    expect(await status.textContent()).toBe("");
    expect(await page.locator("#reach-clear").isHidden()).toBe(true);

    // From a point: the map's context menu (right click) at its middle, which lies in the network.
    await page.locator("#map").click({ button: "right" });
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^\d+ haltes? bereikbaar binnen 15 min vanaf punt \d+\.\d{5}, \d+\.\d{5}/);
    expect(o.requests.some((u) => /\/bereikbaarheid\/\d+\.\d+,\d+\.\d+\?minuten=15/.test(u))).toBe(true);
    expect(await page.locator(".layer-reach-area path").count()).toBe(1);
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
