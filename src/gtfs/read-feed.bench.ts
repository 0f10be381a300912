/**
 * Reader throughput: stop_times rows per second end to end (open, inflate, tokenize, check,
 * order, interpolate) and peak RSS.
 *
 *   npx tsx src/gtfs/read-feed.bench.ts <zip-or-folder> [...more]
 *   npx tsx src/gtfs/read-feed.bench.ts --synthetic 2000000   # writes /tmp/lijnwijzer-synthetic-2000000.zip once, then reads it
 *
 * The synthetic feed copies the shape of MTA's bus feeds (trip ids of ~30 characters, numeric
 * stop ids, 40 stops a trip, 8 columns, ~62 bytes a row). Dev tool only: yazl is a devDependency.
 */
import { createWriteStream, existsSync, renameSync } from "node:fs";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import yazl from "yazl";
import { readGtfs } from "./read-gtfs.js";

async function main(args: string[]): Promise<void> {
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--synthetic") paths.push(await syntheticFeed(Number(args[++i] ?? 2_000_000)));
    else paths.push(args[i]);
  }
  if (paths.length === 0) {
    console.error("usage: npx tsx src/gtfs/read-feed.bench.ts <zip-or-folder>... | --synthetic <stop_times rows>");
    process.exitCode = 2;
    return;
  }
  let totalRows = 0;
  let totalMs = 0;
  for (const path of paths) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const feed = await readGtfs(path);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const rows = feed.stopTimes.count;
    totalRows += rows;
    totalMs += ms;
    const warnings = Object.entries(feed.warningCounts ?? {}).map(([code, n]) => `${code} ${n}`).join(", ");
    console.log(
      `${path}: ${rows.toLocaleString("en")} stop_times rows, ${feed.trips.length.toLocaleString("en")} trips, ` +
        `${feed.stops.length.toLocaleString("en")} stops in ${(ms / 1000).toFixed(2)} s = ` +
        `${(rows / ms / 1000).toFixed(2)} M rows/s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, all threads)` +
        `${warnings ? `; warnings: ${warnings}` : ""}`,
    );
  }
  if (paths.length > 1) {
    console.log(`total: ${totalRows.toLocaleString("en")} rows in ${(totalMs / 1000).toFixed(2)} s = ${(totalRows / totalMs / 1000).toFixed(2)} M rows/s`);
  }
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}

/** Writes (once) a zip feed with `rows` stop_times rows; returns its path. */
async function syntheticFeed(rows: number): Promise<string> {
  const path = `/tmp/lijnwijzer-synthetic-${rows}.zip`;
  if (existsSync(path)) return path;
  const stopsPerTrip = 40;
  const stopCount = 15_000;
  const tripCount = Math.ceil(rows / stopsPerTrip);
  const tripId = (t: number) => `EN_O6-Weekday-${String(t).padStart(6, "0")}_SBS${t % 90}_${900 + (t % 50)}`;
  const stopId = (t: number, k: number) => String(300_000 + ((t * 7 + k * 13) % stopCount));

  const zip = new yazl.ZipFile();
  const text = (lines: string[]) => Buffer.from(lines.join("\n") + "\n");
  zip.addBuffer(text(["agency_id,agency_name,agency_url,agency_timezone", "MTA NYCT,MTA New York City Transit,http://www.mta.info,America/New_York"]), "agency.txt");
  const stops = ["stop_id,stop_name,stop_desc,stop_lat,stop_lon,zone_id,stop_url,location_type,parent_station"];
  for (let s = 0; s < stopCount; s++) stops.push(`${300_000 + s},STOP ${s},,  ${(40.5 + s / 50_000).toFixed(6)}, ${(-73.9 - s / 50_000).toFixed(6)},,,0,`);
  zip.addBuffer(text(stops), "stops.txt");
  const routes = ["route_id,agency_id,route_short_name,route_long_name,route_desc,route_type,route_color,route_text_color"];
  for (let r = 0; r < 90; r++) routes.push(`B${r},MTA NYCT,B${r},Route ${r},,3,00AEEF,FFFFFF`);
  zip.addBuffer(text(routes), "routes.txt");
  zip.addBuffer(text(["service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date", "EN_O6-Weekday,1,1,1,1,1,0,0,20260901,20261231"]), "calendar.txt");
  const trips = ["route_id,service_id,trip_id,trip_headsign,direction_id,block_id,shape_id"];
  for (let t = 0; t < tripCount; t++) trips.push(`B${t % 90},EN_O6-Weekday,${tripId(t)},HEADSIGN ${t % 90},${t % 2},${t},S${t % 90}`);
  zip.addBuffer(text(trips), "trips.txt");

  const hhmmss = (s: number) =>
    `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  function* stopTimes(): Generator<string> {
    yield "trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type,timepoint\n";
    let written = 0;
    for (let t = 0; t < tripCount && written < rows; t++) {
      let lines = "";
      const start = 4 * 3600 + ((t * 97) % (20 * 3600));
      for (let k = 0; k < stopsPerTrip && written < rows; k++, written++) {
        const time = hhmmss(start + k * 97);
        lines += `${tripId(t)},${time},${time},${stopId(t, k)},${k + 1},0,0,${k % 5 === 0 ? 1 : 0}\n`;
      }
      yield lines;
    }
  }
  zip.addReadStream(Readable.from(stopTimes()), "stop_times.txt");
  zip.end();
  const tmp = `${path}.tmp`;
  await finished(zip.outputStream.pipe(createWriteStream(tmp)));
  renameSync(tmp, path);
  console.log(`wrote ${path}`);
  return path;
}

await main(process.argv.slice(2));
