/**
 * Every text of the page, in Dutch (the default, as the API's own names) and English, in one table; `t` looks a
 * text up in the language chosen. Static labels carry `data-i18n="key"` in index.html (or `data-i18n-attr` for an
 * attribute) and are rewritten by `applyStaticTexts`; dynamic parts re-render themselves on `onLanguageChange`.
 * The choice is kept in localStorage.
 */

export type Language = "nl" | "en";

const nl = {
  "page.title": "lijnwijzer – live demo",
  "page.tagline": "Haltes, vertrekken en reisplanner van het demonet, live uit de publieke API.",
  "page.skip": "Naar de inhoud",
  "lang.toggle": "English",
  "lang.toggleLabel": "Switch to English",
  "key.heading": "Abonnementssleutel",
  "key.help": "Deze server geeft de demopagina geen sleutel: geef de jouwe (Ocp-Apim-Subscription-Key).",
  "key.label": "Sleutel",
  "key.save": "Bewaren",
  "key.refused": "De API weigerde de sleutel (401): geef een geldige sleutel.",
  "stops.heading": "Vertrekken aan een halte",
  "stops.label": "Zoek een halte",
  "stops.placeholder": "bv. Leuven Station perron 13",
  "combo.hint": "Pijltjestoetsen kiezen een suggestie, Enter bevestigt, Escape sluit.",
  "combo.searching": "Zoeken…",
  "combo.none": "Geen resultaten voor „{text}”.",
  "combo.one": "1 suggestie.",
  "combo.many": "{n} suggesties.",
  "combo.chosen": "Gekozen: {label}.",
  "dep.heading": "Vertrekken aan {stop}",
  "dep.stopCode": "halte {code}",
  "dep.line": "Lijn",
  "dep.destination": "Richting",
  "dep.scheduled": "Gepland",
  "dep.expected": "Verwacht",
  "dep.remark": "Info",
  "dep.onTime": "op tijd",
  "dep.late": "+{n} min",
  "dep.early": "{n} min vroeger",
  "dep.cancelled": "Geschrapt",
  "dep.passed": "vertrokken",
  "dep.noRealtime": "geen real-time",
  "dep.none": "Geen vertrekken in de komende uren.",
  "dep.updated": "Bijgewerkt om {time}; elke 20 seconden vernieuwd (geen live verbinding).",
  "dep.loading": "Vertrekken laden…",
  "plan.heading": "Reisplanner",
  "plan.from": "Van",
  "plan.to": "Naar",
  "plan.placeholder": "adres, halte, station of gemeente",
  "plan.when": "Wanneer",
  "plan.whenHint": "Leeg: nu.",
  "plan.timeMode": "Het tijdstip is het",
  "plan.departAt": "vertrek",
  "plan.arriveBy": "aankomst",
  "plan.submit": "Plan reis",
  "plan.missing": "Kies een vertrek- en een aankomstplaats uit de suggesties.",
  "plan.searching": "Reiswegen zoeken…",
  "plan.none": "Geen reiswegen gevonden.",
  "plan.one": "1 reisweg van {from} naar {to}.",
  "plan.many": "{n} reiswegen van {from} naar {to}.",
  "plan.earlier": "Vroeger",
  "plan.later": "Later",
  "plan.best": "beste keuze",
  "plan.direct": "rechtstreeks",
  "plan.transfers1": "1 overstap",
  "plan.transfersN": "{n} overstappen",
  "plan.walking": "{distance} te voet",
  "plan.showOnMap": "Toon op kaart",
  "plan.onMap": "Op de kaart",
  "plan.itinerary": "Reisweg {n}",
  "step.walk": "Wandel {distance} naar {place}",
  "step.walkArrive": "Wandel {distance} naar de bestemming",
  "step.wait": "Wacht {duration} in {place}",
  "step.ride": "{mode} {line} richting {destination}",
  "step.board": "van {place}",
  "step.alight": "naar {place}, aankomst {time}",
  "place.origin": "vertrekpunt",
  "place.destination": "bestemming",
  "mode.BUS": "Bus",
  "mode.TRAM": "Tram",
  "mode.METRO": "Metro",
  "mode.TREIN": "Trein",
  "mode.ALLE": "Lijn",
  "kind.hoofdgemeente": "gemeente",
  "kind.deelgemeente": "deelgemeente",
  "kind.station": "station",
  "kind.halte": "halte",
  "kind.straat": "straat",
  "kind.adres": "adres",
  "kind.herkenningspunt": "bezienswaardigheid",
  "map.heading": "Netkaart",
  "map.label": "Kaart van het net: gemeentegrenzen, lijnen, haltes, voertuigen, de gekozen reisweg en het bereikbare gebied",
  "map.zoomIn": "Inzoomen",
  "map.zoomOut": "Uitzoomen",
  "map.fit": "Alles tonen",
  "map.hint": "Sleep om te verschuiven, scrol of gebruik + en − om te zoomen; met het toetsenbord verschuiven de pijltjestoetsen.",
  "map.loading": "Kaart laden…",
  "map.counts": "{stops} haltes, {lines} lijnen.",
  "map.legendStops": "haltes",
  "map.legendLines": "lijnen",
  "map.legendRoute": "reisweg",
  "map.legendWalk": "te voet",
  "error.http": "De API antwoordde {status}: {message}",
  "error.network": "De server is niet bereikbaar.",
  "footer.docs": "API-documentatie",
  "footer.core": "OpenAPI (kern)",
  "footer.search": "OpenAPI (zoeken)",
  "footer.data": "Demonet: gegenereerd uit echte Vlaamse gemeenten, stations en Leuvense haltes.",
  "duration.min": "{m} min",
  "duration.hmin": "{h} u {m} min",  "network.title": "lijnwijzer – {name}",
  "network.tagline": "Haltes, vertrekken en reisplanner van {name}, live uit de publieke API.",
  "network.footer": "Gegevens: {name}; dienstregeling van {from} tot en met {to}.",
  "network.footerEmpty": "Gegevens: {name}; zonder ritten.",
  "network.andMore": "{names} en {n} andere",
  "validity.expired": "Deze dienstregeling is verlopen: de laatste dag met ritten was {to}, vandaag is het {today}. Vertrekken en reiswegen voor vandaag blijven daarom leeg; de kaart toont het net van {answersFor}. Kies in de reisplanner een tijdstip van {from} tot en met {to}.",
  "validity.notYet": "Deze dienstregeling is nog niet begonnen: de eerste dag met ritten is {from}, vandaag is het {today}. Vertrekken en reiswegen voor vandaag blijven daarom leeg; de kaart toont het net van {answersFor}. Kies in de reisplanner een tijdstip van {from} tot en met {to}.",
  "validity.empty": "Dit net heeft geen enkele dag met ritten: vertrekken en reiswegen blijven leeg.",
  "dep.noneExpired": "Geen vertrekken: de dienstregeling is verlopen op {to}.",
  "dep.noneNotYet": "Geen vertrekken: de dienstregeling begint pas op {from}.",
  "plan.noneOutside": "Geen reiswegen: {day} ligt buiten de dienstregeling ({from} tot en met {to}). Kies een tijdstip daarbinnen.",
  "dep.updatedLive": "Bijgewerkt om {time}; live, bij elke verandering.",
  "dep.reach": "Bereikbaar vanaf deze halte",
  "plan.reachFrom": "Bereikbaar vanaf dit vertrekpunt",
  "map.vehicles": "Voertuigen tonen",
  "map.legendVehicle": "voertuig (gemeten positie)",
  "map.legendVehicleEstimated": "voertuig (geschatte positie)",
  "veh.title": "Lijn {line} · {delay} · voertuig {vehicle}, gemeten positie",
  "veh.titleEstimated": "Lijn {line} · {delay} · voertuig {vehicle}, geschatte positie",
  "veh.delayUnknown": "vertraging onbekend",
  "veh.count": "{n} voertuigen onderweg ({estimated} geschat); klik op een voertuig voor zijn lijn en vertraging.",
  "veh.error": "De voertuigen zijn niet beschikbaar.",
  "reach.heading": "Bereikbaarheid",
  "reach.hint": "Vanaf een gekozen halte, het vertrekpunt van de reisplanner of een punt op de kaart (rechtsklik, of lang drukken op een telefoon), nu vertrekkend.",
  "reach.minutes": "Reistijd",
  "reach.clear": "Wissen",
  "reach.loading": "Bereikbaarheid vanaf {place} berekenen…",
  "reach.one": "1 halte bereikbaar binnen {minutes} min vanaf {place}, vertrek {time}.",
  "reach.many": "{n} haltes bereikbaar binnen {minutes} min vanaf {place}, vertrek {time}.",
  "reach.bandFirst": "aankomst binnen {to} min",
  "reach.band": "{from}–{to} min",
  "reach.mapPoint": "punt {lat}, {lon}",
};

export type StringKey = keyof typeof nl;

const en: Record<StringKey, string> = {
  "page.title": "lijnwijzer – live demo",
  "page.tagline": "Stops, departures and a journey planner on the demo network, live from the public API.",
  "page.skip": "Skip to content",
  "lang.toggle": "Nederlands",
  "lang.toggleLabel": "Schakel naar Nederlands",
  "key.heading": "Subscription key",
  "key.help": "This server gives the demo page no key: enter yours (Ocp-Apim-Subscription-Key).",
  "key.label": "Key",
  "key.save": "Save",
  "key.refused": "The API refused the key (401): enter a valid key.",
  "stops.heading": "Departures at a stop",
  "stops.label": "Search a stop",
  "stops.placeholder": "e.g. Leuven Station perron 13",
  "combo.hint": "Arrow keys choose a suggestion, Enter confirms, Escape closes.",
  "combo.searching": "Searching…",
  "combo.none": "No results for “{text}”.",
  "combo.one": "1 suggestion.",
  "combo.many": "{n} suggestions.",
  "combo.chosen": "Chosen: {label}.",
  "dep.heading": "Departures at {stop}",
  "dep.stopCode": "stop {code}",
  "dep.line": "Line",
  "dep.destination": "Destination",
  "dep.scheduled": "Scheduled",
  "dep.expected": "Expected",
  "dep.remark": "Info",
  "dep.onTime": "on time",
  "dep.late": "+{n} min",
  "dep.early": "{n} min early",
  "dep.cancelled": "Cancelled",
  "dep.passed": "departed",
  "dep.noRealtime": "no real-time",
  "dep.none": "No departures in the coming hours.",
  "dep.updated": "Updated at {time}; refreshed every 20 seconds (no live connection).",
  "dep.loading": "Loading departures…",
  "plan.heading": "Journey planner",
  "plan.from": "From",
  "plan.to": "To",
  "plan.placeholder": "address, stop, station or municipality",
  "plan.when": "When",
  "plan.whenHint": "Empty: now.",
  "plan.timeMode": "The time is the",
  "plan.departAt": "departure",
  "plan.arriveBy": "arrival",
  "plan.submit": "Plan journey",
  "plan.missing": "Choose a start and a destination from the suggestions.",
  "plan.searching": "Searching journeys…",
  "plan.none": "No journeys found.",
  "plan.one": "1 journey from {from} to {to}.",
  "plan.many": "{n} journeys from {from} to {to}.",
  "plan.earlier": "Earlier",
  "plan.later": "Later",
  "plan.best": "best match",
  "plan.direct": "direct",
  "plan.transfers1": "1 transfer",
  "plan.transfersN": "{n} transfers",
  "plan.walking": "{distance} on foot",
  "plan.showOnMap": "Show on map",
  "plan.onMap": "On the map",
  "plan.itinerary": "Journey {n}",
  "step.walk": "Walk {distance} to {place}",
  "step.walkArrive": "Walk {distance} to the destination",
  "step.wait": "Wait {duration} at {place}",
  "step.ride": "{mode} {line} towards {destination}",
  "step.board": "from {place}",
  "step.alight": "to {place}, arriving {time}",
  "place.origin": "start",
  "place.destination": "destination",
  "mode.BUS": "Bus",
  "mode.TRAM": "Tram",
  "mode.METRO": "Metro",
  "mode.TREIN": "Train",
  "mode.ALLE": "Line",
  "kind.hoofdgemeente": "municipality",
  "kind.deelgemeente": "borough",
  "kind.station": "station",
  "kind.halte": "stop",
  "kind.straat": "street",
  "kind.adres": "address",
  "kind.herkenningspunt": "point of interest",
  "map.heading": "Network map",
  "map.label": "Map of the network: municipality outlines, lines, stops, vehicles, the chosen journey and the reachable area",
  "map.zoomIn": "Zoom in",
  "map.zoomOut": "Zoom out",
  "map.fit": "Show all",
  "map.hint": "Drag to pan, scroll or use + and − to zoom; with the keyboard the arrow keys pan.",
  "map.loading": "Loading the map…",
  "map.counts": "{stops} stops, {lines} lines.",
  "map.legendStops": "stops",
  "map.legendLines": "lines",
  "map.legendRoute": "journey",
  "map.legendWalk": "on foot",
  "error.http": "The API answered {status}: {message}",
  "error.network": "The server cannot be reached.",
  "footer.docs": "API documentation",
  "footer.core": "OpenAPI (core)",
  "footer.search": "OpenAPI (search)",
  "footer.data": "Demo network: generated from real Flemish municipalities, stations and Leuven stops.",
  "duration.min": "{m} min",
  "duration.hmin": "{h} h {m} min",  "network.title": "lijnwijzer – {name}",
  "network.tagline": "Stops, departures and a journey planner for {name}, live from the public API.",
  "network.footer": "Data: {name}; timetable from {from} to {to}.",
  "network.footerEmpty": "Data: {name}; no trips.",
  "network.andMore": "{names} and {n} more",
  "validity.expired": "This timetable has expired: its last day with trips was {to}, today is {today}. Departures and journeys for today are therefore empty; the map shows the network of {answersFor}. Choose a time from {from} to {to} in the journey planner.",
  "validity.notYet": "This timetable has not started yet: its first day with trips is {from}, today is {today}. Departures and journeys for today are therefore empty; the map shows the network of {answersFor}. Choose a time from {from} to {to} in the journey planner.",
  "validity.empty": "This network has no day with trips: departures and journeys stay empty.",
  "dep.noneExpired": "No departures: the timetable expired on {to}.",
  "dep.noneNotYet": "No departures: the timetable starts on {from}.",
  "plan.noneOutside": "No journeys: {day} lies outside the timetable ({from} to {to}). Choose a time within it.",
  "dep.updatedLive": "Updated at {time}; live, on every change.",
  "dep.reach": "Reachable from this stop",
  "plan.reachFrom": "Reachable from this start",
  "map.vehicles": "Show vehicles",
  "map.legendVehicle": "vehicle (measured position)",
  "map.legendVehicleEstimated": "vehicle (estimated position)",
  "veh.title": "Line {line} · {delay} · vehicle {vehicle}, measured position",
  "veh.titleEstimated": "Line {line} · {delay} · vehicle {vehicle}, estimated position",
  "veh.delayUnknown": "delay unknown",
  "veh.count": "{n} vehicles under way ({estimated} estimated); click a vehicle for its line and delay.",
  "veh.error": "The vehicles are not available.",
  "reach.heading": "Reachability",
  "reach.hint": "From a chosen stop, the journey planner's start or a point on the map (right click, or a long press on a phone), leaving now.",
  "reach.minutes": "Travel time",
  "reach.clear": "Clear",
  "reach.loading": "Computing what is reachable from {place}…",
  "reach.one": "1 stop reachable within {minutes} min from {place}, leaving {time}.",
  "reach.many": "{n} stops reachable within {minutes} min from {place}, leaving {time}.",
  "reach.bandFirst": "arriving within {to} min",
  "reach.band": "{from}–{to} min",
  "reach.mapPoint": "point {lat}, {lon}",
};

const TABLES: Record<Language, Record<StringKey, string>> = { nl, en };
const STORAGE_KEY = "lijnwijzer.language";

let current: Language = readStoredLanguage();
const listeners: Array<() => void> = [];

function readStoredLanguage(): Language {
  try {
    return localStorage.getItem(STORAGE_KEY) === "en" ? "en" : "nl";
  } catch {
    return "nl"; // storage refused (private mode): Dutch, the default
  }
}

export function language(): Language {
  return current;
}

/** The text of `key` in the current language, `{name}` replaced by `vars.name`. */
export function t(key: StringKey, vars: Record<string, string | number> = {}): string {
  return TABLES[current][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

export function setLanguage(lang: Language): void {
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // not kept: the page still switches
  }
  applyStaticTexts(document);
  for (const [el, text] of liveTexts) el.textContent = text();
  for (const listener of listeners) listener();
}

let pageTitle = () => t("page.title");

/** The document's title, in the current language now and after each switch. */
export function showTitle(text: () => string): void {
  pageTitle = text;
  document.title = text();
}

/** Elements whose text `showText` set, with the function that writes it in the current language. */
const liveTexts = new Map<Element, () => string>();

/**
 * Sets a status line or message now and again after each switch of language, so that nothing already shown
 * stays in the other language; no `text` clears it. For the page's fixed elements (the map is never emptied).
 */
export function showText(el: Element, text?: () => string): void {
  if (text) liveTexts.set(el, text);
  else liveTexts.delete(el);
  el.textContent = text ? text() : "";
}

/** "2020-06-12" -> "12 juni 2020" / "12 June 2020": a service day as people read it, in the current language. */
export function longDate(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(current === "nl" ? "nl-BE" : "en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(y, m - 1, d));
}

export function onLanguageChange(listener: () => void): void {
  listeners.push(listener);
}

/**
 * Rewrites the static labels: `data-i18n="key"` sets the text, `data-i18n-attr="attr:key attr:key"` attributes
 * (placeholder, aria-label, title).
 */
export function applyStaticTexts(root: ParentNode): void {
  document.documentElement.lang = current;
  document.title = pageTitle();
  for (const el of root.querySelectorAll<HTMLElement>("[data-i18n]")) el.textContent = t(el.dataset.i18n as StringKey);
  for (const el of root.querySelectorAll<HTMLElement>("[data-i18n-attr]")) {
    for (const pair of (el.dataset.i18nAttr ?? "").split(/\s+/).filter(Boolean)) {
      const [attr, key] = pair.split(":");
      el.setAttribute(attr, t(key as StringKey));
    }
  }
}
