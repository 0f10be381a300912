/**
 * Real values of a running server, read through its public API, for the benchmarks that make requests from
 * outside (bench:fuzz starts from them and spoils them; bench:soak asks for them as clients would): lines, stops,
 * municipalities, entities, regions, colours, diversions, trip numbers, words people search for, and today's
 * date in the network's time zone. Reading them over HTTP, not from the snapshot, keeps the benchmarks honest
 * about what a client can know.
 */

export interface PoolLine {
  entity: string;
  line: string;
  gtfsId: string;
}

export interface PoolStop {
  entity: string;
  stop: string;
  gtfsId: string;
  lat: number;
  lon: number;
  name: string;
}

export interface ApiPools {
  lines: PoolLine[];
  stops: PoolStop[];
  municipalities: Array<{ number: string; name: string }>;
  entities: string[];
  regions: string[];
  colours: string[];
  diversions: string[];
  /** ritnummers of a few line directions' timetables today. */
  trips: string[];
  /** Words clients type into a search: stop and municipality names, whole and cut. */
  searchWords: string[];
  /** yyyy-MM-dd in the network's time zone. */
  today: string;
  /** The network's validity (yyyy-MM-dd, from /health). */
  validFrom: string;
  validTo: string;
}

async function getJson(origin: string, key: string, path: string): Promise<any> {
  const res = await fetch(`${origin}${path}`, { headers: { "Ocp-Apim-Subscription-Key": key } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

/** The local date of `timeZone` now, yyyy-MM-dd. */
export function localDate(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

export async function readApiPools(origin: string, key: string, corePrefix = "/DLKernOpenData"): Promise<ApiPools> {
  const v1 = `${corePrefix}/api/v1`;
  const health = (await (await fetch(`${origin}/health`)).json()) as { network?: { timezone?: string; validFrom?: string; validTo?: string } };
  const today = localDate(String(health.network?.timezone ?? "Europe/Brussels"));
  const [lines, stops, municipalities, entities, regions, colours, diversions] = await Promise.all([
    getJson(origin, key, `${v1}/lijnen`),
    getJson(origin, key, `${v1}/haltes`),
    getJson(origin, key, `${v1}/gemeenten`),
    getJson(origin, key, `${v1}/entiteiten`),
    getJson(origin, key, `${v1}/vervoerregios`),
    getJson(origin, key, `${v1}/kleuren`),
    getJson(origin, key, `${v1}/omleidingen`),
  ]);
  const pools: ApiPools = {
    lines: lines.lijnen.map((l: any) => ({ entity: l.entiteitnummer, line: l.lijnnummer, gtfsId: l.gtfsRouteId ?? l.lijnnummer })),
    stops: stops.haltes.map((s: any) => ({
      entity: s.entiteitnummer,
      stop: s.haltenummer,
      gtfsId: s.gtfsStopId ?? s.haltenummer,
      lat: s.geoCoordinaat.latitude,
      lon: s.geoCoordinaat.longitude,
      name: s.omschrijvingLang ?? s.omschrijving,
    })),
    municipalities: municipalities.gemeenten.map((g: any) => ({ number: String(g.gemeentenummer), name: g.omschrijving })),
    entities: entities.entiteiten.map((e: any) => e.entiteitnummer),
    regions: regions.vervoerRegios.map((r: any) => r.code),
    colours: colours.kleuren.map((c: any) => c.code),
    diversions: (diversions.omleidingen ?? []).map((o: any) => String(o.referentieOmleiding)).filter((r: string) => r !== "undefined"),
    trips: [],
    searchWords: [],
    today,
    validFrom: health.network?.validFrom ?? today,
    validTo: health.network?.validTo ?? today,
  };
  // Trip numbers of the first lines' timetables today, both directions: enough for /rit/{ritnummer} to find some.
  for (const l of pools.lines.slice(0, 8)) {
    for (const dir of ["HEEN", "TERUG"]) {
      const t = await getJson(origin, key, `${v1}/lijnen/${l.entity}/${l.line}/lijnrichtingen/${dir}/dienstregelingen?datum=${today}`).catch(() => undefined);
      for (const r of t?.ritDoorkomsten ?? []) pools.trips.push(String(r.ritnummer));
    }
  }
  if (pools.trips.length === 0) pools.trips.push("1001");
  const words = new Set<string>();
  for (const s of pools.stops) {
    words.add(s.name);
    for (const w of s.name.split(/\s+/)) if (w.length >= 3) words.add(w.toLowerCase());
  }
  for (const m of pools.municipalities) words.add(m.name.toLowerCase());
  pools.searchWords = [...words];
  return pools;
}
