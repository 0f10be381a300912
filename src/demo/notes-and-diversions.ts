/**
 * notes.txt / note_assignments.txt and the diversion files (docs/DATASET_EXTENSIONS.md): a few
 * trip and passage notes, and planned diversions (omleidingen) and disruptions (storingen) with
 * texts in Dutch, French, English and German (one only in Dutch and French, to exercise the
 * fallback to Dutch).
 */
import type { DemoTrip } from "./build-trips.js";
import type { DemoStop } from "./stop-registry.js";

export interface NoteRowOut {
  noteId: number;
  text: string;
}

export interface NoteAssignmentOut {
  noteId: number;
  tripId: string;
  /** Empty for a trip note. */
  stopId: string;
}

export interface DiversionOut {
  id: number;
  kind: "omleiding" | "storing";
  type: string;
  start: number;
  end: number;
  days: string[];
  texts: Array<{ language: "nl" | "fr" | "en" | "de"; title: string; description: string }>;
  routes: Array<{ routeId: string; directionId: 0 | 1 }>;
  stopIds: string[];
}

export interface BuiltLine {
  routeId: string;
  entity: string;
  number: number;
  publicNumber: string;
  serviceType: string;
  trips: DemoTrip[];
}

/** What the notes and diversions need to find the lines and stops they talk about. */
export interface NetworkLookup {
  line(entity: string, number: number): BuiltLine;
  /** Stops (ids) of the real Leuven stop place with this long name. */
  realStops(longName: string): DemoStop[];
  /** Stops of a generated place with this name served by a line (routeId). */
  stopsNamed(routeId: string, name: string): DemoStop[];
}

export const NOTES: NoteRowOut[] = [
  { noteId: 1, text: "Deze rit wordt uitgevoerd met een kleinere bus." },
  { noteId: 2, text: "Rijdt enkel op schooldagen." },
  { noteId: 3, text: "Belbus: reserveer je rit minstens een uur vooraf bij de Belbuscentrale." },
  { noteId: 4, text: "Aansluiting op de trein naar Brussel-Zuid." },
  { noteId: 5, text: "Halte tijdelijk verplaatst naar de overkant van de straat." },
  { noteId: 6, text: "Laatste rit van de dag: wacht op aansluitingen aan het station." },
  { noteId: 7, text: 'Opgelet: aan "Rector De Somerplein" stopt deze rit aan perron C, niet aan perron A.' },
];

export function buildNoteAssignments(lookup: NetworkLookup): NoteAssignmentOut[] {
  const out: NoteAssignmentOut[] = [];
  const tripNote = (noteId: number, trips: DemoTrip[]) => {
    for (const t of trips) out.push({ noteId, tripId: t.tripId, stopId: "" });
  };
  tripNote(1, lookup.line("3", 539).trips.filter((t) => t.serviceId === "ZA"));
  for (const n of [520, 521, 522, 523, 524, 525, 526, 527, 529]) tripNote(2, lookup.line("3", n).trips);
  for (const [e, n] of [["5", 591], ["1", 291], ["4", 291], ["2", 791]] as const) tripNote(3, lookup.line(e, n).trips);
  const line3 = lookup.line("3", 303);
  for (const t of line3.trips.filter((t) => t.serviceId === "WK" && t.direction === 0)) {
    const start = t.departures[0]!;
    if (start < 7 * 3600 || start >= 9 * 3600) continue;
    const station = t.stops.find((s) => s.name.startsWith("Station perron"));
    if (station) out.push({ noteId: 4, tripId: t.tripId, stopId: station.id });
  }
  const line2 = lookup.line("3", 302);
  const arenberg = new Set(lookup.realStops("Heverlee Kasteel Arenberg").map((s) => s.id));
  for (const t of line2.trips.filter((t) => t.serviceId === "ZA" && t.direction === 0)) {
    const s = t.stops.find((x) => arenberg.has(x.id));
    if (s) out.push({ noteId: 5, tripId: t.tripId, stopId: s.id });
  }
  for (const n of [302, 303, 304, 305]) {
    for (const direction of [0, 1]) {
      const weekday = lookup.line("3", n).trips.filter((t) => t.serviceId === "WK" && t.direction === direction);
      const last = weekday.reduce((a, b) => (b.departures[0]! > a.departures[0]! ? b : a));
      tripNote(6, [last]);
    }
  }
  const line5 = lookup.line("3", 305).trips.filter((t) => t.serviceId === "WK" && t.direction === 0);
  const rectorC = line5[0].stops.find((s) => s.name === "Rector De Somerplein perron C");
  if (rectorC) out.push({ noteId: 7, tripId: line5[0].tripId, stopId: rectorC.id });
  return out;
}

const WEEKDAYS = ["MAANDAG", "DINSDAG", "WOENSDAG", "DONDERDAG", "VRIJDAG"];

export function buildDiversions(lookup: NetworkLookup): DiversionOut[] {
  const both = (routeId: string) => [
    { routeId, directionId: 0 as const },
    { routeId, directionId: 1 as const },
  ];
  const ids = (stops: DemoStop[]) => [...new Set(stops.map((s) => s.id))].sort();
  const tram1Gent = lookup.line("2", 1).routeId;
  const tram4Gent = lookup.line("2", 4).routeId;
  const tram4Antwerp = lookup.line("1", 4).routeId;
  const tram12Antwerp = lookup.line("1", 12).routeId;
  return [
    {
      id: 873901,
      kind: "omleiding",
      type: "WERKEN",
      start: 20250303,
      end: 20250627,
      days: WEEKDAYS,
      texts: [
        {
          language: "nl",
          title: "Werken aan de Tiensepoort",
          description:
            "\nPeriode\nVan maandag 3 maart 2025 tot vrijdag 27 juni 2025, op weekdagen.\n\nNiet-bediende halte\n. Leuven : Tiensepoort\n\nVervanghalte\n. Leuven : Provinciehuis\n",
        },
        {
          language: "fr",
          title: "Travaux à la Tiensepoort",
          description:
            "\nPériode\nDu lundi 3 mars 2025 au vendredi 27 juin 2025, en semaine.\n\nArrêt non desservi\n. Louvain : Tiensepoort\n\nArrêt de remplacement\n. Louvain : Provinciehuis\n",
        },
        {
          language: "en",
          title: "Roadworks at Tiensepoort",
          description:
            "\nPeriod\nFrom Monday 3 March 2025 to Friday 27 June 2025, on weekdays.\n\nStop not served\n. Leuven : Tiensepoort\n\nReplacement stop\n. Leuven : Provinciehuis\n",
        },
        {
          language: "de",
          title: "Bauarbeiten am Tiensepoort",
          description:
            "\nZeitraum\nVon Montag, 3. März 2025 bis Freitag, 27. Juni 2025, werktags.\n\nNicht bediente Haltestelle\n. Löwen : Tiensepoort\n\nErsatzhaltestelle\n. Löwen : Provinciehuis\n",
        },
      ],
      routes: [...both(lookup.line("3", 304).routeId), { routeId: lookup.line("3", 380).routeId, directionId: 0 }],
      stopIds: ids(lookup.realStops("Leuven Tiensepoort")),
    },
    {
      id: 873902,
      kind: "omleiding",
      type: "WERKEN",
      start: 20240902,
      end: 20301231,
      days: [],
      texts: [
        {
          language: "nl",
          title: "Heraanleg Naamsepoort: halte verplaatst",
          description:
            "Door de heraanleg van het kruispunt aan de Naamsepoort is de halte Naamsepoort niet bediend.\nStap op of af aan de halte Sint-Kwintenskerk.",
        },
        {
          language: "fr",
          title: "Réaménagement Naamsepoort : arrêt déplacé",
          description:
            "En raison du réaménagement du carrefour de la Naamsepoort, l'arrêt Naamsepoort n'est pas desservi.\nMontez ou descendez à l'arrêt Sint-Kwintenskerk.",
        },
      ],
      routes: [{ routeId: lookup.line("3", 302).routeId, directionId: 0 }, ...both(lookup.line("3", 13).routeId)],
      stopIds: ids(lookup.realStops("Leuven Naamsepoort")),
    },
    {
      id: 873903,
      kind: "omleiding",
      type: "EVENEMENT",
      start: 20260717,
      end: 20260726,
      days: [],
      texts: [
        {
          language: "nl",
          title: "Gentse Feesten: trams omgeleid",
          description: "Tijdens de Gentse Feesten rijden de trams niet over de Korenmarkt.\nDe halte Korenmarkt wordt niet bediend.",
        },
        {
          language: "fr",
          title: "Fêtes de Gand : trams déviés",
          description: "Pendant les Fêtes de Gand, les trams ne passent pas par le Korenmarkt.\nL'arrêt Korenmarkt n'est pas desservi.",
        },
        {
          language: "en",
          title: "Ghent Festivities: trams diverted",
          description: "During the Ghent Festivities trams do not run through the Korenmarkt.\nThe Korenmarkt stop is not served.",
        },
        {
          language: "de",
          title: "Genter Feste: Straßenbahnen umgeleitet",
          description: "Während der Genter Feste fahren die Straßenbahnen nicht über den Korenmarkt.\nDie Haltestelle Korenmarkt wird nicht bedient.",
        },
      ],
      routes: [...both(tram1Gent), ...both(tram4Gent)],
      stopIds: ids([...lookup.stopsNamed(tram1Gent, "Korenmarkt"), ...lookup.stopsNamed(tram4Gent, "Korenmarkt")]),
    },
    {
      id: 873904,
      kind: "omleiding",
      type: "EVENEMENT",
      start: 20270425,
      end: 20270425,
      days: ["ZONDAG"],
      texts: [
        {
          language: "nl",
          title: "Antwerp 10 Miles: geen trams op de Meir",
          description: "Door de Antwerp 10 Miles rijden de trams 4 en 12 niet via de Meir.\nDe haltes op de Meir worden niet bediend.",
        },
        {
          language: "fr",
          title: "Antwerp 10 Miles : pas de trams sur le Meir",
          description: "En raison de l'Antwerp 10 Miles, les trams 4 et 12 ne passent pas par le Meir.\nLes arrêts du Meir ne sont pas desservis.",
        },
        {
          language: "en",
          title: "Antwerp 10 Miles: no trams on the Meir",
          description: "Because of the Antwerp 10 Miles, trams 4 and 12 do not run via the Meir.\nThe stops on the Meir are not served.",
        },
        {
          language: "de",
          title: "Antwerp 10 Miles: keine Straßenbahnen auf der Meir",
          description: "Wegen der Antwerp 10 Miles fahren die Linien 4 und 12 nicht über die Meir.\nDie Haltestellen auf der Meir werden nicht bedient.",
        },
      ],
      routes: [...both(tram4Antwerp), ...both(tram12Antwerp)],
      stopIds: ids(lookup.stopsNamed(tram12Antwerp, "Meir")),
    },
    {
      id: 873905,
      kind: "storing",
      type: "ONGEVAL",
      start: 20250214,
      end: 20250214,
      days: [],
      texts: [
        {
          language: "nl",
          title: "Ongeval op de Tervuursesteenweg",
          description: "Door een ongeval rijden de bussen om. Niet-bediende halte: Heverlee Berg Tabor.",
        },
        {
          language: "fr",
          title: "Accident sur la Tervuursesteenweg",
          description: "Suite à un accident, les bus sont déviés. Arrêt non desservi : Heverlee Berg Tabor.",
        },
        {
          language: "en",
          title: "Accident on the Tervuursesteenweg",
          description: "Buses are diverted because of an accident. Stop not served: Heverlee Berg Tabor.",
        },
        {
          language: "de",
          title: "Unfall auf der Tervuursesteenweg",
          description: "Wegen eines Unfalls werden die Busse umgeleitet. Nicht bediente Haltestelle: Heverlee Berg Tabor.",
        },
      ],
      routes: [
        { routeId: lookup.line("3", 555).routeId, directionId: 0 },
        { routeId: lookup.line("3", 317).routeId, directionId: 0 },
      ],
      stopIds: ids(lookup.realStops("Heverlee Berg Tabor")),
    },
    {
      id: 873906,
      kind: "storing",
      type: "MANIFESTATIE",
      start: 20281003,
      end: 20281003,
      days: [],
      texts: [
        {
          language: "nl",
          title: "Betoging in Brussel",
          description: "Door een nationale betoging rijden de bussen naar Brussel niet verder dan Kortenberg.",
        },
        {
          language: "fr",
          title: "Manifestation à Bruxelles",
          description: "En raison d'une manifestation nationale, les bus vers Bruxelles s'arrêtent à Kortenberg.",
        },
        {
          language: "en",
          title: "Demonstration in Brussels",
          description: "Because of a national demonstration, buses to Brussels terminate at Kortenberg.",
        },
        {
          language: "de",
          title: "Demonstration in Brüssel",
          description: "Wegen einer landesweiten Demonstration enden die Busse nach Brüssel in Kortenberg.",
        },
      ],
      routes: [
        { routeId: lookup.line("3", 410).routeId, directionId: 0 },
        { routeId: lookup.line("3", 318).routeId, directionId: 0 },
      ],
      stopIds: ids(lastStops(lookup.line("3", 410), 0).concat(lastStops(lookup.line("3", 318), 0))),
    },
  ];
}

function lastStops(line: BuiltLine, direction: 0 | 1): DemoStop[] {
  const trip = line.trips.find((t) => t.direction === direction && t.frequency === undefined);
  return trip ? [trip.stops[trip.stops.length - 1]] : [];
}
