/** agency.txt: https://gtfs.org/schedule/reference/#agencytxt */
import type { TableSpec } from "../table-spec.js";
import type { AgencyRow } from "../types.js";

export const agencyTable: TableSpec<AgencyRow> = {
  file: "agency.txt",
  required: ["agency_name", "agency_url", "agency_timezone"],
  key: { columns: "agency_id", of: (a) => a.agencyId },
  parse(r) {
    const timezone = r.requiredText("agency_timezone");
    if (!isTimeZone(timezone)) r.fail(`unknown agency_timezone ${JSON.stringify(timezone)} (expected an IANA zone such as Europe/Brussels)`);
    return {
      agencyId: r.text("agency_id"),
      name: r.requiredText("agency_name"),
      url: r.text("agency_url"),
      timezone,
      lang: r.text("agency_lang"),
    };
  },
};

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
