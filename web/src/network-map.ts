/**
 * The network map: our own data drawn as SVG, no tile server (the page runs offline). Layers from the bottom:
 * municipality outlines, the reachable area, line geometries, every stop, the stops reached, the chosen stop's
 * lines, the chosen itinerary, the vehicles, markers.
 *
 * - Projection: equirectangular with the longitude scaled by cos(latitude) of the network's middle, in units of
 *   1/1000 degree of latitude (~111 m): at a region's scale the distortion is under 1 %.
 * - Strokes keep their width at every zoom (`vector-effect: non-scaling-stroke`); all stops are one path of
 *   zero-length segments with round caps, a dot each, so 8,000 stops are one element.
 * - Pan by dragging or with the arrow keys (the map is focusable), zoom with the wheel, + and −, or the buttons.
 * - Place names (municipalities, or a feed's stations) on top, laid out again after each change of view: the
 *   places holding most stops first, each only where its label overlaps none already placed, so a zoomed-out
 *   view names the big places and zooming in names the smaller ones. Labels keep their size on screen.
 */
import { svg } from "./dom.js";
import type { LatLon } from "./api-client.js";

export interface MapLine {
  colour: string;
  points: LatLon[];
}

/** A place to name on the map; `stops` weighs it (the bigger first). */
export interface MapPlace extends LatLon {
  name: string;
  stops: number;
}

/** A vehicle now (docs/COMPATIBILITY.md R21): `id` its trip (`data-rit`: line, service date, ritnummer), the key it keeps as it moves. */
export interface MapVehicle extends LatLon {
  id: string;
  /** Degrees clockwise from north; undefined: no arrow. */
  bearing: number | undefined;
  /** Placed between two stops from predicted times, not measured (R22): drawn hollow. */
  estimated: boolean;
  colour: string;
  /** What hovering names: line, delay, how the position is known. */
  title: string;
}

/** Stops reached, in bands of arrival (the first band the nearest in time), with the area reachable. */
export interface MapReach {
  /** Polygons of rings, GeoJSON's MultiPolygon read into points. */
  area: LatLon[][][];
  bands: Array<{ colour: string; stops: LatLon[] }>;
  from: LatLon & { label: string };
}

export interface ItineraryLeg {
  walk: boolean;
  colour?: string;
  points: LatLon[];
}

interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

const UNITS_PER_DEGREE = 1000;
export const ZOOM_STEP = 1.5;
/** Around a single point, the view spans this many units (~3 km). */
const MIN_SPAN = 25;
const ROUTE_COLOUR = "#c2185b";
/** A line without a visible colour of its own (as the departures board's neutral badge). */
const NO_COLOUR = "#5b6770";
/** Label size on screen (CSS pixels), an estimate of a character's width at it, and the gap kept between labels. */
const LABEL_PX = 12;
const LABEL_CHAR_PX = 6.8;
const LABEL_GAP_PX = 8;
/** At most this many labels at once: beyond, a map of names is no map. */
const MAX_LABELS = 80;

export class NetworkMap {
  private readonly layers: Record<
    "municipalities" | "reachArea" | "lines" | "stops" | "reached" | "highlight" | "itinerary" | "vehicles" | "markers" | "labels",
    SVGGElement
  >;
  /** The vehicles drawn, by MapVehicle.id, each with its position in view units. */
  private readonly vehicles = new Map<string, { el: SVGGElement; x: number; y: number }>();
  private sizeFrame = 0;
  /** Told of a click (a press without a drag) on a vehicle, with its id. */
  onVehicleClick: (id: string) => void = () => {};
  /** Told of the context menu (right click, long press) at a place of the map. */
  onPlaceMenu: (p: LatLon) => void = () => {};
  private places: MapPlace[] = [];
  private labelFrame = 0;
  private cosLat0: number | undefined;
  private view: ViewBox = { x: 0, y: 0, w: 1000, h: 700 };
  private all: ViewBox | undefined;

  constructor(private readonly root: SVGSVGElement) {
    const layer = (name: string) => svg("g", { class: `layer-${name}` });
    this.layers = {
      municipalities: layer("municipalities"),
      reachArea: layer("reach-area"),
      lines: layer("lines"),
      stops: layer("stops"),
      reached: layer("reached"),
      highlight: layer("highlight"),
      itinerary: layer("itinerary"),
      vehicles: layer("vehicles"),
      markers: layer("markers"),
      labels: layer("labels"),
    };
    root.append(...Object.values(this.layers));
    this.apply();
    this.listen();
  }

  /** Every stop of the network, as dots; the first data decides the projection and the initial view. */
  setStops(points: LatLon[]): void {
    this.project(points);
    this.layers.stops.replaceChildren(svg("path", { class: "stops", d: dots(points.map((p) => this.xy(p))) }));
    this.fitAll(points);
  }

  /** Line geometries of the whole network, in their colours. */
  setLines(lines: MapLine[]): void {
    this.project(lines.flatMap((l) => l.points));
    this.layers.lines.replaceChildren(...lines.map((l) => this.polyline(l.points, { class: "line", stroke: l.colour })));
  }

  /** Municipality outlines: each a list of rings. */
  setMunicipalities(rings: LatLon[][]): void {
    this.project(rings.flat());
    const d = rings.map((r) => `${this.pathOf(r)}Z`).join("");
    this.layers.municipalities.replaceChildren(svg("path", { class: "municipality", d }));
  }

  /** Place names to show where they fit (MapPlace), biggest first. */
  setPlaces(places: MapPlace[]): void {
    this.project(places);
    this.places = [...places].sort((a, b) => b.stops - a.stops);
    this.apply();
  }

  /** The names shown now (tests read them). */
  labels(): string[] {
    return [...this.layers.labels.querySelectorAll("text")].map((el) => el.textContent ?? "");
  }

  /** The chosen stop and the lines serving it; the view moves to them. */
  showStop(stop: LatLon & { label: string }, lines: MapLine[]): void {
    this.project([stop]);
    this.layers.highlight.replaceChildren(...lines.map((l) => this.polyline(l.points, { class: "line-highlight", stroke: l.colour })));
    this.layers.markers.replaceChildren(this.marker(stop, "marker-stop", stop.label));
    this.fitTo([stop, ...lines.flatMap((l) => l.points)]);
  }

  /** The chosen itinerary: vehicle legs in their line's colour, walks dashed; the view moves to it. */
  showItinerary(legs: ItineraryLeg[], from: LatLon & { label: string }, to: LatLon & { label: string }): void {
    this.project([from, to]);
    this.layers.highlight.replaceChildren();
    this.layers.itinerary.replaceChildren(
      ...legs.flatMap((leg) =>
        leg.walk
          ? [this.polyline(leg.points, { class: "leg-walk" })]
          : [this.polyline(leg.points, { class: "leg-casing" }), this.polyline(leg.points, { class: "leg-ride", stroke: leg.colour ?? ROUTE_COLOUR })],
      ),
    );
    this.layers.markers.replaceChildren(this.marker(from, "marker-from", from.label), this.marker(to, "marker-to", to.label));
    this.fitTo([from, to, ...legs.flatMap((l) => l.points)]);
  }

  /**
   * The vehicles now: a marker per id, moved where it was drawn before, added or removed as the list says. Markers
   * keep their size on screen (scaled with the view, as labels are); `data-lat`/`data-lon` say where each is.
   */
  setVehicles(list: MapVehicle[]): void {
    this.project(list);
    const k = this.unitsPerPixel();
    const seen = new Set<string>();
    for (const v of list) {
      seen.add(v.id);
      const [x, y] = this.xy(v);
      let drawn = this.vehicles.get(v.id);
      if (!drawn) {
        const el = svg("g", { class: "vehicle", "data-rit": v.id });
        this.layers.vehicles.append(el);
        drawn = { el, x, y };
        this.vehicles.set(v.id, drawn);
      }
      drawn.x = x;
      drawn.y = y;
      const el = drawn.el;
      el.classList.toggle("vehicle-estimated", v.estimated);
      el.setAttribute("data-lat", String(v.lat));
      el.setAttribute("data-lon", String(v.lon));
      el.setAttribute("transform", vehicleTransform(x, y, k));
      // Body and arrow in screen pixels (the group's scale makes them so): a dot, and a wedge ahead of it.
      const colour = visibleOnMap(v.colour);
      const body = svg("circle", { class: "vehicle-body", r: 5.5 });
      // Colours through the CSSOM: the page's CSP (style-src 'self') refuses style attributes, and the map's CSS
      // would win over presentation attributes.
      if (v.estimated) body.style.stroke = colour;
      else body.style.fill = colour;
      const parts: SVGElement[] = [svg("title", null, v.title)];
      if (v.bearing !== undefined) {
        const arrow = svg("path", { class: "vehicle-arrow", d: "M0 -12L4.5 -5.5L-4.5 -5.5Z", transform: `rotate(${Math.round(v.bearing)})` });
        arrow.style.fill = colour;
        parts.push(arrow);
      }
      el.replaceChildren(...parts, body);
    }
    for (const [id, drawn] of this.vehicles) {
      if (seen.has(id)) continue;
      drawn.el.remove();
      this.vehicles.delete(id);
    }
  }

  /** The stops reached and the area reachable; the view moves to them. */
  showReach(reach: MapReach): void {
    this.project([reach.from]);
    const d = reach.area.map((polygon) => polygon.map((ring) => `${this.pathOf(ring)}Z`).join("")).join("");
    this.layers.reachArea.replaceChildren(svg("path", { class: "reach-area", d }));
    this.layers.reached.replaceChildren(
      ...reach.bands.map((b, i) => svg("path", { class: `reach-stops reach-band-${i}`, stroke: b.colour, "data-count": b.stops.length, d: dots(b.stops.map((p) => this.xy(p))) })),
    );
    this.layers.markers.replaceChildren(this.marker(reach.from, "marker-from marker-reach", reach.from.label));
    this.fitTo([reach.from, ...reach.area.flat(2)]);
  }

  clearReach(): void {
    this.layers.reachArea.replaceChildren();
    this.layers.reached.replaceChildren();
    this.layers.markers.querySelector(".marker-reach")?.remove();
  }

  zoom(factor: number, around?: { x: number; y: number }): void {
    const c = around ?? { x: this.view.x + this.view.w / 2, y: this.view.y + this.view.h / 2 };
    const w = Math.max(MIN_SPAN / 4, this.view.w / factor);
    const h = (this.view.h * w) / this.view.w;
    this.view = { x: c.x - ((c.x - this.view.x) * w) / this.view.w, y: c.y - ((c.y - this.view.y) * h) / this.view.h, w, h };
    this.apply();
  }

  /** Back to the whole network. */
  reset(): void {
    if (this.all) this.view = { ...this.all };
    this.apply();
  }

  /** How many dots and lines are drawn (tests and the legend read it). */
  counts(): { lines: number } {
    return { lines: this.layers.lines.childElementCount };
  }

  // --- drawing -------------------------------------------------------------------------------------------------

  private project(points: LatLon[]): void {
    if (this.cosLat0 !== undefined || points.length === 0) return;
    let min = Infinity;
    let max = -Infinity;
    for (const p of points) {
      min = Math.min(min, p.lat);
      max = Math.max(max, p.lat);
    }
    this.cosLat0 = Math.cos((((min + max) / 2) * Math.PI) / 180);
  }

  private xy(p: LatLon): [number, number] {
    return [round(p.lon * (this.cosLat0 ?? 1) * UNITS_PER_DEGREE), round(-p.lat * UNITS_PER_DEGREE)];
  }

  private pathOf(points: LatLon[]): string {
    return points.map((p, i) => `${i === 0 ? "M" : "L"}${this.xy(p).join(" ")}`).join("");
  }

  private polyline(points: LatLon[], attrs: Record<string, string>): SVGPathElement {
    return svg("path", { ...attrs, ...(attrs.stroke ? { stroke: visibleOnMap(attrs.stroke) } : {}), d: this.pathOf(points) });
  }

  private marker(p: LatLon, cls: string, label: string): SVGGElement {
    const d = dots([this.xy(p)]);
    // A wide dark dot under a narrower coloured one: a ring that reads on any line colour.
    return svg("g", { class: `marker ${cls}` }, svg("title", null, label), svg("path", { class: "marker-ring", d }), svg("path", { class: "marker-dot", d }));
  }

  private bounds(points: LatLon[]): ViewBox | undefined {
    if (points.length === 0) return undefined;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const p of points) {
      const [x, y] = this.xy(p);
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    const w = Math.max(MIN_SPAN, x1 - x0);
    const h = Math.max(MIN_SPAN, y1 - y0);
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    // a margin of 8 % on each side
    return { x: cx - w * 0.58, y: cy - h * 0.58, w: w * 1.16, h: h * 1.16 };
  }

  private fitAll(points: LatLon[]): void {
    this.all = this.bounds(points);
    this.reset();
  }

  private fitTo(points: LatLon[]): void {
    const b = this.bounds(points);
    if (b) this.view = b;
    this.apply();
  }

  private apply(): void {
    const v = this.view;
    this.root.setAttribute("viewBox", `${round(v.x)} ${round(v.y)} ${round(v.w)} ${round(v.h)}`);
    if (this.vehicles.size > 0 && this.sizeFrame === 0) {
      this.sizeFrame = requestAnimationFrame(() => {
        this.sizeFrame = 0;
        const k = this.unitsPerPixel();
        for (const v of this.vehicles.values()) v.el.setAttribute("transform", vehicleTransform(v.x, v.y, k));
      });
    }
    // Once per frame however often a drag moves the view.
    if (this.places.length > 0 && this.labelFrame === 0) {
      this.labelFrame = requestAnimationFrame(() => {
        this.labelFrame = 0;
        this.layoutLabels();
      });
    }
  }

  /** Greedy: each place in order of weight, where its box (in screen pixels) overlaps no box placed before. */
  private layoutLabels(): void {
    const k = this.unitsPerPixel();
    const v = this.view;
    const placed: Array<[number, number, number, number]> = [];
    const texts: SVGTextElement[] = [];
    for (const p of this.places) {
      if (texts.length >= MAX_LABELS) break;
      const [x, y] = this.xy(p);
      const px = (x - v.x) / k;
      const py = (y - v.y) / k;
      const half = (p.name.length * LABEL_CHAR_PX) / 2 + LABEL_GAP_PX;
      const box: [number, number, number, number] = [px - half, py - LABEL_PX - LABEL_GAP_PX / 2, px + half, py + LABEL_GAP_PX / 2];
      if (box[0] < 0 || box[1] < 0 || box[2] > v.w / k || box[3] > v.h / k) continue;
      if (placed.some((b) => box[0] < b[2] && b[0] < box[2] && box[1] < b[3] && b[1] < box[3])) continue;
      placed.push(box);
      texts.push(svg("text", { class: "place-label", x: round(x), y: round(y - 3 * k), "font-size": fine(LABEL_PX * k), "stroke-width": fine(3 * k) }, p.name));
    }
    this.layers.labels.replaceChildren(...texts);
  }

  // --- interaction ---------------------------------------------------------------------------------------------

  /** Screen pixels to view units (the SVG keeps its aspect: one scale). */
  private unitsPerPixel(): number {
    const ctm = this.root.getScreenCTM();
    return ctm && ctm.a !== 0 ? 1 / ctm.a : this.view.w / Math.max(1, this.root.clientWidth);
  }

  private pointAt(clientX: number, clientY: number): { x: number; y: number } {
    const ctm = this.root.getScreenCTM();
    if (!ctm) return { x: this.view.x + this.view.w / 2, y: this.view.y + this.view.h / 2 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  /** The place under a point of the screen (the projection's inverse). */
  latLonAt(clientX: number, clientY: number): LatLon {
    const { x, y } = this.pointAt(clientX, clientY);
    return { lat: -y / UNITS_PER_DEGREE, lon: x / ((this.cosLat0 ?? 1) * UNITS_PER_DEGREE) };
  }

  private pan(dxUnits: number, dyUnits: number): void {
    this.view = { ...this.view, x: this.view.x + dxUnits, y: this.view.y + dyUnits };
    this.apply();
  }

  private listen(): void {
    const root = this.root;
    root.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        this.zoom(e.deltaY < 0 ? 1.25 : 1 / 1.25, this.pointAt(e.clientX, e.clientY));
      },
      { passive: false },
    );
    let drag: { id: number; x: number; y: number } | undefined;
    /** Where a press began and on what (pointer capture makes the root the target of what follows). */
    let press: { x: number; y: number; target: EventTarget | null } | undefined;
    root.addEventListener("pointerdown", (e) => {
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY };
      press = { x: e.clientX, y: e.clientY, target: e.target };
      root.setPointerCapture(e.pointerId);
    });
    root.addEventListener("pointerup", (e) => {
      const p = press;
      press = undefined;
      if (!p || Math.hypot(e.clientX - p.x, e.clientY - p.y) > 4 || !(p.target instanceof Element)) return;
      const id = p.target.closest(".vehicle")?.getAttribute("data-rit");
      if (id) this.onVehicleClick(id);
    });
    root.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      this.onPlaceMenu(this.latLonAt(e.clientX, e.clientY));
    });
    root.addEventListener("pointermove", (e) => {
      if (!drag || drag.id !== e.pointerId) return;
      const k = this.unitsPerPixel();
      this.pan((drag.x - e.clientX) * k, (drag.y - e.clientY) * k);
      drag = { ...drag, x: e.clientX, y: e.clientY };
    });
    const end = (e: PointerEvent) => {
      if (drag?.id === e.pointerId) drag = undefined;
    };
    root.addEventListener("pointerup", end);
    root.addEventListener("pointercancel", end);
    root.addEventListener("keydown", (e) => {
      const step = 0.15;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-step * this.view.w, 0],
        ArrowRight: [step * this.view.w, 0],
        ArrowUp: [0, -step * this.view.h],
        ArrowDown: [0, step * this.view.h],
      };
      if (moves[e.key]) this.pan(...moves[e.key]);
      else if (e.key === "+" || e.key === "=") this.zoom(ZOOM_STEP);
      else if (e.key === "-" || e.key === "_") this.zoom(1 / ZOOM_STEP);
      else if (e.key === "0") this.reset();
      else return;
      e.preventDefault();
    });
  }
}

/** At (x, y) in view units, with screen pixels inside (k view units per pixel). */
function vehicleTransform(x: number, y: number, k: number): string {
  return `translate(${x} ${y}) scale(${fine(k)})`;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * A line's colour, or the neutral grey of a line without one when it is too light to see on the map's pale ground:
 * GTFS's default `route_color` is white (gtfs.org/schedule/reference/#routestxt), the colour of many feeds' lines.
 */
export function visibleOnMap(colour: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return colour;
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.85 ? NO_COLOUR : colour;
}

/** Three significant digits: a label's size in view units is small when zoomed in far. */
function fine(n: number): number {
  return Number(n.toPrecision(3));
}

/** Zero-length segments: a round-capped dot per point. */
function dots(points: Array<[number, number]>): string {
  let d = "";
  for (const [x, y] of points) d += `M${x} ${y}h0`;
  return d;
}

