import { serviceDateToDayNumber } from "../lib/service-date.js";
import { groupBy, type CompileContext } from "./compile-context.js";
import type { ServiceColumns } from "./model.js";
import { fillServiceDays, serviceDayBounds, serviceDaysLayout, type ServiceDaysLayout } from "./service-days.js";

export interface ServiceTable {
  services: ServiceColumns;
  layout: ServiceDaysLayout;
  /** Day number (days since 1970-01-01) of layout.calendarStart. */
  day0: number;
  /** Per feed: service_id -> ServiceIdx. */
  serviceIds: Array<Map<string, number>>;
  /** ServiceIdx -> first and last day it runs (offsets from calendarStart), undefined when never. */
  serviceBounds: Array<[number, number] | undefined>;
}

/** Services of every feed as day bitsets over one date range (calendar.txt, then calendar_dates.txt). */
export function compileServices(ctx: CompileContext): ServiceTable {
  const { inputs, pool } = ctx;
  const layout = serviceDaysLayout(
    inputs.flatMap((i) => i.feed.calendars),
    inputs.flatMap((i) => i.feed.calendarDates),
  );
  const serviceIds: Array<Map<string, number>> = [];
  const serviceGtfs: string[] = [];
  inputs.forEach(({ feed }) => {
    const m = new Map<string, number>();
    for (const c of feed.calendars) if (!m.has(c.serviceId)) m.set(c.serviceId, m.size + serviceGtfs.length);
    for (const c of feed.calendarDates) if (!m.has(c.serviceId)) m.set(c.serviceId, m.size + serviceGtfs.length);
    for (const id of m.keys()) serviceGtfs.push(id);
    serviceIds.push(m);
  });
  const serviceCount = serviceGtfs.length;
  const days = new Uint32Array(serviceCount * layout.wordsPerService);
  inputs.forEach(({ feed }, f) => {
    const cal = groupBy(feed.calendars, (c) => c.serviceId);
    const dates = groupBy(feed.calendarDates, (c) => c.serviceId);
    for (const [id, s] of serviceIds[f]) {
      fillServiceDays(days, s * layout.wordsPerService, layout, cal.get(id) ?? [], dates.get(id) ?? []);
    }
  });
  const services = {
    count: serviceCount,
    gtfsId: Uint32Array.from(serviceGtfs, (s) => pool.intern(s)),
    days,
  };
  const day0 = serviceDateToDayNumber(layout.calendarStart);
  const serviceBounds = Array.from({ length: serviceCount }, (_, s) => serviceDayBounds(days, s * layout.wordsPerService, layout.wordsPerService));
  return { services, layout, day0, serviceIds, serviceBounds };
}
