import { describe, expect, it } from "vitest";
import { readFeed } from "../../src/gtfs/read-feed.js";
import type { GtfsFeed } from "../../src/gtfs/types.js";
import { fixtureFiles, memorySource } from "./support/memory-source.js";

/** The minimal fixture (trip t1 names shape s1, t2 and t3 none) with shapes.txt and trips.txt as given. */
async function readWith(shapes: string | undefined, trips?: string, chunkSizes?: number[]): Promise<GtfsFeed> {
  const files: Record<string, string | Buffer> = fixtureFiles("minimal");
  if (shapes !== undefined) files["shapes.txt"] = shapes;
  if (trips !== undefined) files["trips.txt"] = trips;
  return readFeed(memorySource(files, { chunkSizes }));
}

/** Shape id -> its points as [lat, lon] pairs. */
function pointsOf(feed: GtfsFeed): Record<string, Array<[number, number]>> {
  const s = feed.shapes!;
  return Object.fromEntries(
    s.ids.map((id, i) => [id, Array.from({ length: s.start[i + 1] - s.start[i] }, (_, k) => [s.lat[s.start[i] + k], s.lon[s.start[i] + k]] as [number, number])]),
  );
}

const warningsOf = (feed: GtfsFeed, prefix: string) => feed.warnings.filter((w) => w.code.includes(prefix)).map((w) => `${w.code} ${w.file}:${w.line} ${w.message}`);

const TWO_SHAPES_TRIPS = [
  "route_id,service_id,trip_id,direction_id,shape_id",
  "3002,WEEK,t1,0,s1",
  "3002,WEEK,t2,1,s2",
  "3600,SAT,t3,,s1",
].join("\n");

describe("shapes.txt", () => {
  it("shapes - the points of each shape trips name, in shape_pt_sequence order, whatever the file's order", async () => {
    const feed = await readWith(
      [
        "shape_pt_sequence,shape_id,shape_pt_lon,shape_pt_lat,shape_dist_traveled",
        "20,s2,4.7312,50.8905,",
        "3,s1,4.6789,50.8641,2.5",
        "1,s1,4.71523,50.88105,0",
        "2,s1,-73.98765,40.75,1.0",
        "10,s2,4.70,50.88,",
      ].join("\n"),
      TWO_SHAPES_TRIPS,
    );
    expect(feed.shapes!.ids).toEqual(["s1", "s2"]);
    expect(pointsOf(feed)).toEqual({
      s1: [
        [50.88105, 4.71523],
        [40.75, -73.98765],
        [50.8641, 4.6789],
      ],
      s2: [
        [50.88, 4.7],
        [50.8905, 4.7312],
      ],
    });
    expect(feed.rows["shapes.txt"]).toBe(5);
    expect(warningsOf(feed, "shape")).toEqual([]);
  });

  it("shapes - the same points in chunks of 1 to 7 bytes, quoted values and exponents read through the slow path", async () => {
    const text = ["shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence", 's1,"50.5",4.5e0,1', "s1,-5.25E1,+4.25,2"].join("\r\n");
    const feed = await readWith(text, undefined, [1, 2, 3, 4, 5, 6, 7]);
    expect(pointsOf(feed)).toEqual({
      s1: [
        [50.5, 4.5],
        [-52.5, 4.25],
      ],
    });
  });

  it("shapes - bad points, repeated sequences and unused shapes are skipped with a warning, never an error", async () => {
    const feed = await readWith(
      [
        "shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence",
        "s1,50.1,4.1,1",
        "s1,91,4.1,2",
        "s1,50.1,abc,3",
        "s1,50.1,4.1,4.5",
        "s1,50.3,4.3,1",
        "s1,50.2,4.2,5",
        ",50,4,1",
        "other,50,4,1",
        "other,50,4,2",
      ].join("\n"),
    );
    expect(pointsOf(feed)).toEqual({
      s1: [
        [50.1, 4.1],
        [50.2, 4.2],
      ],
    });
    expect(warningsOf(feed, "shape")).toEqual([
      'bad_shape_point shapes.txt:3 shape_pt_lat "91" is no latitude: point ignored',
      'bad_shape_point shapes.txt:4 shape_pt_lon "abc" is no longitude: point ignored',
      'bad_shape_point shapes.txt:5 shape_pt_sequence "4.5" is no whole number: point ignored',
      "bad_shape_point shapes.txt:8 missing value in shape_id: point ignored",
      'unused_shape shapes.txt:9 shape_id "other" is used by no trip',
      'duplicate_shape_point shapes.txt:6 shape_pt_sequence 1 appears twice in shape_id "s1" (also on line 2): point ignored',
    ]);
  });

  it("shapes - a shape_id that shapes.txt lacks is a warning: its trips are drawn along their stops", async () => {
    const feed = await readWith(["shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence", "s1,50.1,4.1,1", "s1,50.2,4.2,2"].join("\n"), TWO_SHAPES_TRIPS);
    expect(feed.shapes!.ids).toEqual(["s1", "s2"]);
    expect(pointsOf(feed).s2).toEqual([]);
    expect(warningsOf(feed, "shape")).toEqual(['unknown_shape_id trips.txt:3 shape_id "s2" has no point in shapes.txt: its trips are drawn along their stops']);
  });

  it("shapes - without shapes.txt: no shapes and no warning, even when trips name some (every line is drawn along its stops)", async () => {
    const feed = await readWith(undefined);
    expect(feed.trips[0].shapeId).toBe("s1");
    expect(feed.shapes).toBeUndefined();
    expect(warningsOf(feed, "shape")).toEqual([]);
  });

  it("shapes - a file without the required columns is ignored with a warning", async () => {
    const feed = await readWith(["shape_id,lat,lon,shape_pt_sequence", "s1,50.1,4.1,1"].join("\n"));
    expect(feed.shapes).toBeUndefined();
    expect(feed.warnings.map((w) => w.code)).toEqual(["unsupported_file"]);
    expect(warningsOf(feed, "unsupported_file")).toEqual([
      "unsupported_file shapes.txt:1 no shape_pt_lat, shape_pt_lon column: file ignored, lines are drawn along their stops",
    ]);
  });
});
