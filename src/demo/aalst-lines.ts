/**
 * The real lines of transport region Aalst (AA): entity, lijnnummer, lijnnummerPubliek and
 * omschrijving as the operator's API returned them (GET /api/v1/vervoerregios/AA/lijnen, 34 lines).
 * Waypoints are ours; places that are neither a sub-municipality nor a station (a hospital, a
 * street, a hamlet) carry an approximate position.
 */
import type { LinePlan } from "./line-plan.js";

const ASZ = "ASZ@50.9310,4.0560";

function aa(number: number, publicNumber: string, description: string, schedule: LinePlan["schedule"], waypoints: string[]): LinePlan {
  return { entity: "2", number, publicNumber, description, serviceType: "NORMAAL", routeType: 3, schedule, waypoints };
}

export const AALST_LINES: LinePlan[] = [
  aa(803, "803", "Aalst - Ede - Kerksken Stichelen", "regionalMinor", ["station:Aalst", "station:Ede", "Haaltert", "Kerksken"]),
  aa(591, "591", "Aalst - Hofstade - Lede - Serskamp - Wetteren", "regionalMinor",
    ["station:Aalst", "Hofstade (Aalst)", "Lede", "Serskamp", "station:Wetteren"]),
  aa(313, "313", "Aalst - Denderleeuw Hemelrijk - Aspelare - Ninove", "regionalMinor",
    ["station:Aalst", "Erembodegem", "Denderleeuw", "Aspelare", "station:Ninove"]),
  aa(23, "2", "Aalst Station - Erembodegem - ASZ", "cityMinor", ["station:Aalst", "Erembodegem", ASZ]),
  aa(875, "87", "Aalst - Haaltert - Aspelare - Geraardsbergen", "regional",
    ["station:Aalst", "Haaltert", "Aspelare", "station:Geraardsbergen"]),
  aa(923, "92", "Hamme - Moerzeke - Kastel", "regionalMinor", ["Hamme", "Moerzeke", "Kastel@51.0535,4.1790"]),
  aa(807, "80", "Aalst - Ede - Mere - Aaigem - Heldergem", "regionalMinor",
    ["station:Aalst", "station:Ede", "Mere", "Aaigem", "Heldergem"]),
  aa(403, "403", "Aalst - Moorsel - Baardegem - Droeshout - Opwijk", "regionalMinor",
    ["station:Aalst", "Moorsel", "Baardegem", "Droeshout@50.9700,4.1620", "Opwijk"]),
  aa(919, "91", "Aalst -Lebbeke -Dendermonde -Hamme -Sint-Niklaas", "regional",
    ["station:Aalst", "Lebbeke", "station:Dendermonde", "Hamme", "station:Sint-Niklaas"]),
  aa(13, "1", "Dendermonde Station - Ziekenhuis - Station", "cityMinor",
    ["station:Dendermonde", "Dendermonde", "Ziekenhuis@51.0175,4.0890", "station:Dendermonde"]),
  aa(317, "31", "Aalst - Denderleeuw - Ninove", "regional",
    ["station:Aalst", "Erembodegem", "station:Denderleeuw", "Okegem", "station:Ninove"]),
  aa(802, "802", "Aalst - Ede - Haaltert - Heldergem - Woubrechtegem", "regionalMinor",
    ["station:Aalst", "station:Ede", "Haaltert", "Heldergem", "Woubrechtegem"]),
  aa(257, "25", "Aalst-Erpe-Burst-Houtem-Herzele-Zottegem", "regional",
    ["station:Aalst", "Erpe", "Burst", "Sint-Lievens-Houtem", "Herzele", "station:Zottegem"]),
  aa(547, "54", "Aalst - Hofstade - Berlare - Lokeren", "regionalMinor",
    ["station:Aalst", "Hofstade (Aalst)", "Berlare", "station:Lokeren"]),
  aa(234, "234", "Berlare - Schoonaarde - Dendermonde", "regionalMinor",
    ["Berlare", "Schoonaarde", "Oudegem", "station:Dendermonde"]),
  aa(597, "59", "Aalst - Hofstade - Lede - Oordegem - Wetteren", "regional",
    ["station:Aalst", "Hofstade (Aalst)", "Lede", "Oordegem", "station:Wetteren"]),
  aa(804, "804", "Aalst - Mere - Burst - Heldergem", "regionalMinor", ["station:Aalst", "Mere", "Burst", "Heldergem"]),
  aa(312, "312", "Aalst - Denderleeuw - Aspelare - Ninove", "regionalMinor",
    ["station:Aalst", "Denderleeuw", "Welle", "Aspelare", "station:Ninove"]),
  aa(314, "314", "Aalst - Denderhoutem -  Ninove", "regionalMinor",
    ["station:Aalst", "Erembodegem", "Denderhoutem", "station:Ninove"]),
  aa(577, "57", "Aalst - Hofstade - Gijzegem - Dendermonde", "regional",
    ["station:Aalst", "Hofstade (Aalst)", "Gijzegem", "Oudegem", "station:Dendermonde"]),
  aa(213, "21", "Zele - Overmere - Wichelen - Lede - Erpe - Mere", "regionalMinor",
    ["station:Zele", "Overmere", "Wichelen", "Lede", "Erpe", "Mere"]),
  aa(911, "911", "Dendermonde - Hamme - Waasmunster", "regionalMinor",
    ["station:Dendermonde", "Grembergen", "Hamme", "Waasmunster"]),
  aa(107, "1", "ASZ - Station - Oude Abdijstraat", "cityMinor",
    [ASZ, "station:Aalst", "Oude Abdijstraat@50.9490,4.0430"]),
  aa(253, "253", "Aalst - Erpe - Ressegem - Herzele", "regionalMinor",
    ["station:Aalst", "Erpe", "Ressegem", "station:Herzele"]),
  aa(402, "402", "Aalst - Meldert - Asse", "regionalMinor", ["station:Aalst", "Meldert (Aalst)", "station:Asse"]),
  aa(912, "912", "Dendermonde - Moerzeke - Hamme - Sint-Niklaas", "regionalMinor",
    ["station:Dendermonde", "Grembergen", "Moerzeke", "Hamme", "station:Sint-Niklaas"]),
  aa(404, "404", "Aalst - Meldert - Opwijk", "regionalMinor", ["station:Aalst", "Meldert (Aalst)", "station:Opwijk"]),
  aa(407, "40", "Aalst - Moorsel - Opwijk (- Londerzeel)", "regionalMinor",
    ["station:Aalst", "Moorsel", "station:Opwijk", "station:Londerzeel"]),
  aa(254, "254", "Uitbergen - Lede - Erpe Vijfhuizen  Aalst", "regionalMinor",
    ["Uitbergen", "station:Lede", "Erpe", "station:Aalst"]),
  aa(252, "252", "Aalst-Erpe-Vlekkem-Borsbeke-Hillegem-Zottegem", "regionalMinor",
    ["station:Aalst", "Erpe", "Vlekkem", "Borsbeke", "Hillegem", "station:Zottegem"]),
  aa(541, "541", "Aalst - Hofstade - Gijzegem - Berlare - Lokeren", "regionalMinor",
    ["station:Aalst", "Hofstade (Aalst)", "Gijzegem", "Berlare", "station:Lokeren"]),
  aa(251, "251", "Woubrechtegem - Herzele - Zottegem", "regionalMinor",
    ["Woubrechtegem", "Herzele", "station:Zottegem"]),
  aa(914, "914", "Aalst Station - Wijngaardveld", "cityMinor", ["station:Aalst", "Wijngaardveld@50.9300,4.0260"]),
  aa(913, "913", "Aalst - Wieze - Denderbelle - Dendermonde", "regionalMinor",
    ["station:Aalst", "Wieze", "Denderbelle", "station:Dendermonde"]),
];
