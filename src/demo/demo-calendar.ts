/**
 * The demo's service calendar: weekday, Saturday, Sunday, weekend-night and school-day services
 * from 2024-01-01 to 2030-12-31, with Belgian public holidays run as Sundays.
 */
import type { ServiceDate } from "../network/model.js";
import { addDays, weekdayOf } from "../lib/service-date.js";

export const DEMO_START: ServiceDate = 20240101;
export const DEMO_END: ServiceDate = 20301231;

/** Service ids of calendar.txt. */
export const SERVICE = {
  /** Monday to Friday, public holidays removed. */
  weekday: "WK",
  /** Saturday, public holidays removed. */
  saturday: "ZA",
  /** Sunday, plus every public holiday that is not a Sunday. */
  sunday: "ZO",
  /** Friday and Saturday service days (night lines run past midnight into Saturday and Sunday). */
  weekendNight: "NA",
  /** School days on Monday, Tuesday, Thursday and Friday (no holidays, no school holidays). */
  school: "SCH",
  /** School Wednesdays (school ends at noon). */
  schoolWednesday: "SCHW",
} as const;
export type ServiceId = (typeof SERVICE)[keyof typeof SERVICE];

export interface PublicHoliday {
  date: ServiceDate;
  name: string;
}

/** Easter Sunday (Gregorian), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): ServiceDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return year * 10000 + month * 100 + day;
}

/** The ten Belgian public holidays of a year, in date order. */
export function belgianPublicHolidays(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const y = year * 10000;
  return [
    { date: y + 101, name: "Nieuwjaar" },
    { date: addDays(easter, 1), name: "Paasmaandag" },
    { date: y + 501, name: "Dag van de Arbeid" },
    { date: addDays(easter, 39), name: "O.L.H. Hemelvaart" },
    { date: addDays(easter, 50), name: "Pinkstermaandag" },
    { date: y + 721, name: "Nationale feestdag" },
    { date: y + 815, name: "O.L.V. Hemelvaart" },
    { date: y + 1101, name: "Allerheiligen" },
    { date: y + 1111, name: "Wapenstilstand" },
    { date: y + 1225, name: "Kerstmis" },
  ].sort((p, q) => p.date - q.date);
}

/**
 * Weekdays of the Flemish school holidays of a year, approximated by fixed rules (the demo needs
 * believable school-day service, not the official calendar): krokus = the carnival week (Easter - 48
 * days), Easter = two weeks starting the first Monday of April (the Monday after Easter when Easter
 * falls in March, the Monday before Easter when it falls after 15 April), summer = July and August,
 * autumn = the week of 1 November, Christmas = two weeks from the Monday of the week of 25 December.
 */
export function flemishSchoolHolidays(year: number): ServiceDate[] {
  const days = new Set<ServiceDate>();
  const addWeekdays = (from: ServiceDate, count: number) => {
    for (let i = 0; i < count; i++) {
      const d = addDays(from, i);
      if (weekdayOf(d) < 5) days.add(d);
    }
  };
  const mondayOnOrAfter = (d: ServiceDate) => addDays(d, (7 - weekdayOf(d)) % 7);
  const mondayOf = (d: ServiceDate) => addDays(d, -weekdayOf(d));
  const easter = easterSunday(year);
  addWeekdays(addDays(easter, -48), 7);
  let easterBreak = mondayOnOrAfter(year * 10000 + 401);
  if (easter < year * 10000 + 401) easterBreak = addDays(easter, 1);
  else if (easter > year * 10000 + 415) easterBreak = addDays(easter, -6);
  addWeekdays(easterBreak, 14);
  addWeekdays(year * 10000 + 701, 62);
  const allSaints = year * 10000 + 1101;
  addWeekdays(weekdayOf(allSaints) === 6 ? addDays(allSaints, 1) : mondayOf(allSaints), 7);
  const christmas = year * 10000 + 1225;
  const christmasBreak = weekdayOf(christmas) >= 5 ? mondayOnOrAfter(christmas) : mondayOf(christmas);
  addWeekdays(christmasBreak, 14);
  // The Christmas break of the previous year runs into this January.
  const previousChristmas = (year - 1) * 10000 + 1225;
  const previousBreak =
    weekdayOf(previousChristmas) >= 5 ? mondayOnOrAfter(previousChristmas) : mondayOf(previousChristmas);
  addWeekdays(previousBreak, 14);
  return [...days].filter((d) => Math.floor(d / 10000) === year).sort((p, q) => p - q);
}

export interface CalendarRowOut {
  serviceId: ServiceId;
  /** monday..sunday flags */
  days: [number, number, number, number, number, number, number];
  start: ServiceDate;
  end: ServiceDate;
}

export interface CalendarDateOut {
  serviceId: ServiceId;
  date: ServiceDate;
  exceptionType: 1 | 2;
}

export interface DemoCalendar {
  calendars: CalendarRowOut[];
  dates: CalendarDateOut[];
  holidays: PublicHoliday[];
}

export function demoCalendar(): DemoCalendar {
  const calendars: CalendarRowOut[] = [
    { serviceId: SERVICE.weekday, days: [1, 1, 1, 1, 1, 0, 0], start: DEMO_START, end: DEMO_END },
    { serviceId: SERVICE.saturday, days: [0, 0, 0, 0, 0, 1, 0], start: DEMO_START, end: DEMO_END },
    { serviceId: SERVICE.sunday, days: [0, 0, 0, 0, 0, 0, 1], start: DEMO_START, end: DEMO_END },
    { serviceId: SERVICE.weekendNight, days: [0, 0, 0, 0, 1, 1, 0], start: DEMO_START, end: DEMO_END },
    { serviceId: SERVICE.school, days: [1, 1, 0, 1, 1, 0, 0], start: DEMO_START, end: DEMO_END },
    { serviceId: SERVICE.schoolWednesday, days: [0, 0, 1, 0, 0, 0, 0], start: DEMO_START, end: DEMO_END },
  ];
  const dates: CalendarDateOut[] = [];
  const holidays: PublicHoliday[] = [];
  const startYear = Math.floor(DEMO_START / 10000);
  const endYear = Math.floor(DEMO_END / 10000);
  for (let year = startYear; year <= endYear; year++) {
    const yearHolidays = belgianPublicHolidays(year);
    holidays.push(...yearHolidays);
    const holidayDates = new Set(yearHolidays.map((h) => h.date));
    // Holidays run the Sunday timetable: Monday-Friday and Saturday service removed, Sunday added.
    for (const h of yearHolidays) {
      const wd = weekdayOf(h.date);
      if (wd === 6) continue;
      dates.push({ serviceId: wd === 5 ? SERVICE.saturday : SERVICE.weekday, date: h.date, exceptionType: 2 });
      dates.push({ serviceId: SERVICE.sunday, date: h.date, exceptionType: 1 });
    }
    // School services: removed on school holidays and on public holidays.
    const noSchool = new Set([...flemishSchoolHolidays(year), ...[...holidayDates].filter((d) => weekdayOf(d) < 5)]);
    for (const d of [...noSchool].sort((p, q) => p - q)) {
      dates.push({ serviceId: weekdayOf(d) === 2 ? SERVICE.schoolWednesday : SERVICE.school, date: d, exceptionType: 2 });
    }
  }
  const serviceOrder: string[] = Object.values(SERVICE);
  dates.sort(
    (p, q) => serviceOrder.indexOf(p.serviceId) - serviceOrder.indexOf(q.serviceId) || p.date - q.date,
  );
  return { calendars, dates, holidays };
}

/** Whether `serviceId` runs on `date` according to `calendar` (the rule GTFS consumers apply). */
export function serviceRunsOn(calendar: DemoCalendar, serviceId: ServiceId, date: ServiceDate): boolean {
  const exception = calendar.dates.find((d) => d.serviceId === serviceId && d.date === date);
  if (exception) return exception.exceptionType === 1;
  const c = calendar.calendars.find((r) => r.serviceId === serviceId);
  if (!c || date < c.start || date > c.end) return false;
  return c.days[weekdayOf(date)] === 1;
}
