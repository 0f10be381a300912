/**
 * Names for generated stops, in the operator's style: a short Dutch name (omschrijving) that
 * the place (stop_place, the sub-municipality) precedes in omschrijvingLang, e.g. "Bree Kerk".
 */
import type { Prng } from "./prng.js";

const CENTRE_NAMES = ["Markt", "Kerk", "Dorp", "Gemeentehuis", "Centrum", "Dorpsplein", "Kerkplein"];
const VILLAGE_NAMES = ["Kerk", "Dorp", "Dorpsplein", "Kerkplein", "Centrum", "Pastorij", "Kapel"];

const STREET_STEMS = [
  "Kerk", "Molen", "School", "Stations", "Dorps", "Kapel", "Beuken", "Linden", "Eiken", "Berken", "Populieren",
  "Kastanje", "Wilgen", "Heide", "Veld", "Bos", "Berg", "Hoog", "Nieuw", "Kasteel", "Hof", "Brug", "Meers", "Broek",
  "Leem", "Zand", "Vijver", "Akker", "Weide", "Hoeve", "Klooster", "Smis", "Brouwerij", "Rozen", "Tulpen", "Sparren",
  "Hazel", "Vlier", "Linde", "Meidoorn", "Koren", "Vlas", "Hop", "Beek", "Dijk", "Water", "Zonne", "Lijster", "Merel",
  "Zwaluw", "Kievit", "Leeuwerik", "Vinken", "Eksters", "Hazen", "Vossen", "Reigers",
];
const STREET_SUFFIXES = ["straat", "straat", "straat", "laan", "weg", "baan", "dreef", "plein", "hof", "veld"];
const PERSON_STREETS = [
  "Koning Albertlaan", "Koningin Astridlaan", "Leopoldstraat", "Prins Boudewijnlaan", "Guido Gezellestraat",
  "Pater Damiaanstraat", "Hendrik Consciencestraat", "Peter Benoitlaan", "Jan Frans Willemsstraat",
  "Emiel Verhaerenstraat", "Adolf Daensstraat", "Sint-Jansstraat", "Sint-Martinusstraat", "Sint-Pietersstraat",
  "Kardinaal Mercierplein", "Burgemeester Van Gansberghelaan", "Dokter Vanderveldestraat", "Pastoor Coplaan",
];
const LANDMARKS = [
  "Sporthal", "Zwembad", "Begraafplaats", "Rusthuis", "Kruispunt", "Gemeenteschool", "Industriezone", "Molen",
  "Brug", "Sportcentrum", "Bibliotheek", "Cultuurcentrum", "Watertoren", "Kapelleke", "Vijvers", "Pleintje",
];

export function centreName(rng: Prng): string {
  return rng.pick(CENTRE_NAMES);
}

export function villageName(rng: Prng): string {
  return rng.pick(VILLAGE_NAMES);
}

/** A street or landmark name; the caller retries to keep names unique within a place. */
export function streetName(rng: Prng): string {
  const r = rng.next();
  if (r < 0.12) return rng.pick(LANDMARKS);
  if (r < 0.25) return rng.pick(PERSON_STREETS);
  return rng.pick(STREET_STEMS) + rng.pick(STREET_SUFFIXES);
}

/** "Antwerpen-Berchem" in Antwerpen -> "Station Berchem"; "Aarschot" in Aarschot -> "Station". */
export function stationStopName(stationName: string, municipalityName: string): string {
  const name = stationName.split("/")[0].trim();
  if (name === municipalityName) return "Station";
  if (name.startsWith(municipalityName + "-")) return "Station " + name.slice(municipalityName.length + 1);
  return "Station " + name;
}

/** "Deurne (Antwerpen)" -> "Deurne": the place as travellers read it. */
export function placeName(submunicipalityName: string): string {
  return submunicipalityName.replace(/ \(.*\)$/, "");
}
