/**
 * A location hit of E8 as spec 2.13 writes it: `type` and `subtype`, the fields its kind has, and the extensions
 * a client needs to show and follow it (docs/COMPATIBILITY.md S-rows).
 *
 * - type: the spec's four types; municipalities, sub-municipalities, streets and addresses are all `adres` (the
 *   spec lists them as subtypes and has no type of their own for them).
 * - deelgemeentes: a hoofdgemeente's sub-municipalities (reference data); a deelgemeente's own name, so that
 *   "Heverlee" shows beside hoofdgemeente "Leuven".
 * - geoCoordinaat: an object {latitude, longitude}, as everywhere in the core part (COMPATIBILITY N3).
 */
import { NONE16 } from "../../network/constants.js";
import { type Network, PLACE_KINDS, type PlaceIdx, type StopIdx } from "../../network/model.js";
import type { LocationHit } from "../../search/search-types.js";
import { stopKey } from "../core/haltes/halte-view.js";
import type { Link, Linker } from "../shared/links.js";
import type { Locatie } from "./zoeken.schemas.js";

export function locatieView(net: Network, hit: LocationHit, L: Linker): Locatie {
  return hit.kind === "stop" ? stopLocatie(net, hit.stop, L) : placeLocatie(net, hit.place, L);
}

function stopLocatie(net: Network, stop: StopIdx, L: Linker): Locatie {
  const { stops, strings, meta } = net;
  const key = stopKey(net, stop);
  const m = stops.municipality[stop];
  return {
    type: "halte",
    subtype: "halte",
    omschrijving: strings.get(stops.longName[stop]),
    ...(m === NONE16 ? {} : { hoofdgemeente: meta.municipalities[m].name }),
    haltenummer: key.stop,
    entiteitnummer: key.entity,
    geoCoordinaat: { latitude: stops.lat[stop], longitude: stops.lon[stop] },
    links: [L.link("detail", L.stop(key.entity, key.stop))],
  };
}

function placeLocatie(net: Network, place: PlaceIdx, L: Linker): Locatie {
  const { places, strings, meta } = net;
  const kind = PLACE_KINDS[places.kind[place]];
  const name = strings.get(places.name[place]);
  const municipalityName = strings.get(places.municipalityName[place]);
  const m = places.municipality[place];
  const municipality = m === NONE16 ? undefined : meta.municipalities[m];
  const latitude = places.lat[place];
  const longitude = places.lon[place];
  const links: Link[] = [];
  if (municipality) links.push(L.link(kind === "hoofdgemeente" ? "detail" : "gemeente", L.municipality(municipality.nis)));
  links.push(L.link("indebuurt", `/haltes/indebuurt/${round6(latitude)},${round6(longitude)}`));
  const out: Locatie = {
    type: kind === "station" || kind === "herkenningspunt" ? kind : "adres",
    subtype: kind,
    omschrijving: name,
    ...(municipalityName === "" ? {} : { hoofdgemeente: municipalityName }),
    geoCoordinaat: { latitude, longitude },
    links,
  };
  switch (kind) {
    case "hoofdgemeente":
      if (municipality && municipality.submunicipalities.length > 0) out.deelgemeentes = [...municipality.submunicipalities];
      break;
    case "deelgemeente":
      out.deelgemeentes = [name];
      break;
    case "straat":
      out.straat = name;
      break;
    case "adres": {
      const number = strings.get(places.houseNumber[place]);
      out.straat = name;
      if (number !== "") {
        out.huisnummer = number;
        out.omschrijving = `${name} ${number}`;
      }
      break;
    }
    case "herkenningspunt": {
      const category = strings.get(places.category[place]);
      if (category !== "") out.categorie = category;
      break;
    }
    case "station":
      break;
  }
  if (kind === "straat" || kind === "adres") {
    const postcode = strings.get(places.postcode[place]);
    if (postcode !== "") out.postcode = postcode;
  }
  return out;
}

/** Six decimals (about 0.1 m): a link that reads as a client would write it. */
function round6(degrees: number): number {
  return Math.round(degrees * 1e6) / 1e6;
}
