import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AddressTableBuilder, PlacesFileError, readAddresses } from "../../src/reference/read-addresses.js";
import type { AddressTable } from "../../src/reference/types.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/places/addresses.csv", import.meta.url));

/** Every address as "street house, postcode municipality @lat,lon", in table order. */
function rows(t: AddressTable): string[] {
  const s = t.strings;
  return [...Array(t.count).keys()].map(
    (a) =>
      `${s[t.streetName[t.street[a]]]} ${s[t.houseNumber[a]]}, ${s[t.postcode[a]]} ${s[t.municipalityName[a]]} @${t.lat[a]},${t.lon[a]}`,
  );
}

function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "lw-addresses-")), name);
  writeFileSync(path, text);
  return path;
}

describe("readAddresses", () => {
  it("readAddresses - reads the BeST fixture: boxes, quotes, French names when the Dutch are empty, only current rows", async () => {
    const t = await readAddresses([FIXTURE]);
    expect(rows(t)).toEqual([
      "Bondgenotenlaan 13, 3000 Leuven @50.8789,4.704",
      "Bondgenotenlaan 2, 3000 Leuven @50.8808,4.713",
      "Bondgenotenlaan 12 bus 3, 3000 Leuven @50.8798,4.7085",
      "Bondgenotenlaan 10, 3000 Leuven @50.88,4.709",
      "Naamsestraat 3, 3000 Leuven @50.8765,4.7016",
      "Grand-Place 1, 1370 Jodoigne @50.7233,4.8697",
      "Kerkstraat 1, 3020 Herent @50.906,4.659",
      "Kerkstraat 1, 3210 Lubbeek @50.887,4.812",
      "Tiensestraat 40, 3000 Leuven @50.874,4.7025",
    ]);
    expect(t.streetCount).toBe(6);
    expect([...t.streetName].map((i) => t.strings[i])).toEqual(["Bondgenotenlaan", "Naamsestraat", "Grand-Place", "Kerkstraat", "Kerkstraat", "Tiensestraat"]);
    // the two Kerkstraten are two streets (two street_ids), the four Bondgenotenlaan addresses one
    expect([...t.street]).toEqual([0, 0, 0, 0, 1, 2, 3, 4, 5]);
    expect(t.files).toEqual([{ file: "addresses.csv", rows: 14, kept: 9, notCurrent: 2, bad: 3 }]);
  });

  it("readAddresses - bad rows are skipped, counted and named by file, line and problem", async () => {
    const t = await readAddresses([FIXTURE]);
    expect(t.warningCounts).toEqual({ address_bad_coordinate: 2, address_no_house_number: 1 });
    expect(t.warnings).toEqual([
      { code: "address_bad_coordinate", file: "addresses.csv", line: 8, message: 'bad coordinate "0.00000", "0.00000" in EPSG:4326_lat, EPSG:4326_lon' },
      { code: "address_bad_coordinate", file: "addresses.csv", line: 9, message: 'bad coordinate "abc", "4.70180" in EPSG:4326_lat, EPSG:4326_lon' },
      { code: "address_no_house_number", file: "addresses.csv", line: 13, message: "no house_number" },
    ]);
  });

  it("readAddresses - finds columns by name in any order and case; a street without street_id is its name in its postcode", async () => {
    const path = tempFile(
      "shuffled.csv",
      "STATUS,streetname_nl,House_Number,epsg:4326_lon,EPSG:4326_LAT,postcode,municipality_name_nl,street_id\n" +
        "current,Markt,1,4.70,50.88,3000,Leuven,\n" +
        "current,Markt,2,4.71,50.89,3000,Leuven,\n" +
        "current,Markt,1,4.81,50.89,3210,Lubbeek,\n",
    );
    const t = await readAddresses([path]);
    expect(rows(t)).toEqual(["Markt 1, 3000 Leuven @50.88,4.7", "Markt 2, 3000 Leuven @50.89,4.71", "Markt 1, 3210 Lubbeek @50.89,4.81"]);
    expect([...t.street]).toEqual([0, 0, 1]);
  });

  it("readAddresses - coordinates in any decimal form read as Number() reads them; other text is a bad coordinate", async () => {
    const texts = ["50.8789", "+50.87890", "050.8789", "50.", "5.08789e1", "50.878912345678901", "51", "-0.5"];
    const header = "EPSG:4326_lat,EPSG:4326_lon,house_number,street_id,streetname_nl,municipality_name_nl,postcode,status\n";
    const body = texts.map((t, i) => `${t},4.70${i},${i + 1},1,Markt,Leuven,3000,current\n`).join("");
    const t = await readAddresses([tempFile("numbers.csv", header + body + '"50,8",4.7,99,1,Markt,Leuven,3000,current\n1e400,4.7,98,1,Markt,Leuven,3000,current\n')]);
    expect([...t.lat]).toEqual(texts.map(Number));
    expect([...t.lon]).toEqual(texts.map((_, i) => Number(`4.70${i}`)));
    expect(t.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '10: bad coordinate "50,8", "4.7" in EPSG:4326_lat, EPSG:4326_lon',
      '11: bad coordinate "1e400", "4.7" in EPSG:4326_lat, EPSG:4326_lon',
    ]);
  });

  it("readAddresses - several files make one table; the same street_id in another region is another street", async () => {
    const header = "EPSG:4326_lat,EPSG:4326_lon,house_number,street_id,streetname_nl,municipality_name_nl,postcode,region_code,status\n";
    const a = tempFile("a.csv", header + "50.88,4.70,1,17,Stationsstraat,Leuven,3000,BE-VLG,current\n");
    const b = tempFile("b.csv", header + "50.84,4.35,2,17,Wetstraat,Brussel,1000,BE-BRU,current\n50.88,4.71,3,17,Stationsstraat,Leuven,3000,BE-VLG,current\n");
    const t = await readAddresses([a, b]);
    expect(rows(t)).toEqual(["Stationsstraat 1, 3000 Leuven @50.88,4.7", "Wetstraat 2, 1000 Brussel @50.84,4.35", "Stationsstraat 3, 3000 Leuven @50.88,4.71"]);
    expect([...t.street]).toEqual([0, 1, 0]);
    expect(t.files.map((f) => `${f.file}: ${f.kept}/${f.rows}`)).toEqual(["a.csv: 1/1", "b.csv: 2/2"]);
  });

  it("readAddresses - streams: chunks cut anywhere (inside quotes, inside a multi-byte character) give the same table", async () => {
    const bytes = readFileSync(FIXTURE);
    const whole = await readAddresses([FIXTURE]);
    for (const size of [1, 7, 64]) {
      const builder = new AddressTableBuilder();
      async function* chunks() {
        for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
      }
      await builder.readCsv("addresses.csv", chunks());
      const t = builder.table();
      expect(rows(t)).toEqual(rows(whole));
      expect(t.warnings).toEqual(whole.warnings);
    }
  });

  it("readAddresses - a file that is not the BeST layout is refused, naming the missing columns", async () => {
    const path = tempFile("stops.txt", "stop_id,stop_name,stop_lat,stop_lon\n1,A,50.8,4.7\n");
    await expect(readAddresses([path])).rejects.toThrow(
      new PlacesFileError(
        "stops.txt",
        1,
        "not the BeST Address CSV layout: missing columns EPSG:4326_lat, EPSG:4326_lon, house_number, street_id, streetname_nl, municipality_name_nl, postcode, status (header: stop_id,stop_name,stop_lat,stop_lon)",
      ),
    );
    const one = tempFile("nostatus.csv", "EPSG:4326_lat,EPSG:4326_lon,house_number,street_id,streetname_nl,municipality_name_nl,postcode\n");
    await expect(readAddresses([one])).rejects.toThrow(/^nostatus\.csv line 1: not the BeST Address CSV layout: missing column status \(header:/);
  });

  it("readAddresses - a missing file, an empty file and an unterminated quote are refused", async () => {
    await expect(readAddresses(["/nonexistent/openaddress-bevlg.csv"])).rejects.toThrow(
      "/nonexistent/openaddress-bevlg.csv: no such file: give the BeST Address CSV export (e.g. openaddress-bevlg.csv)",
    );
    await expect(readAddresses([tempFile("empty.csv", "")])).rejects.toThrow(/^empty\.csv: empty: expected the BeST Address header/);
    const header = readFileSync(FIXTURE, "utf8").split("\n")[0];
    const open = tempFile("open.csv", `${header}\n1,2,50.88,4.70,1,,1,24062,,,"Leuven,3000,,Leuven,1,,,Markt,BE-VLG,current\n`);
    await expect(readAddresses([open])).rejects.toThrow("open.csv line 2: unterminated quoted field: the quote opened on this line never closes");
  });
});
