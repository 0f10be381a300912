/**
 * The tram networks of Antwerp (entity 1) and Gent (entity 2) with their real line numbers.
 * Termini and the main stops in between are real places at approximate positions (to about
 * 100 m); the stops between them are generated along the way.
 */
import type { LinePlan } from "./line-plan.js";

const A = {
  zuid: "Zuid@51.1985,4.3885",
  bolivarplaats: "Bolivarplaats@51.1960,4.3905",
  groenplaats: "Groenplaats@51.2190,4.4010",
  meir: "Meir@51.2180,4.4085",
  opera: "Opera@51.2172,4.4150",
  astrid: "Astrid@51.2192,4.4215",
  diamant: "Diamant@51.2160,4.4200",
  rooseveltplaats: "Rooseveltplaats@51.2228,4.4178",
  sintPietersvliet: "Sint-Pietersvliet@51.2233,4.4000",
  linkeroever: "P+R Linkeroever@51.2222,4.3705",
  melsele: "P+R Melsele@51.2190,4.2990",
  zwijndrecht: "Zwijndrecht Krijgsbaan@51.2165,4.3330",
  kioskplaats: "Hoboken Kioskplaats@51.1735,4.3475",
  keizershoek: "Merksem P+R Keizershoek@51.2565,4.4620",
  merksemCentrum: "Merksem Centrum@51.2455,4.4450",
  sportpaleis: "Sportpaleis@51.2302,4.4435",
  schijnpoort: "Schijnpoort@51.2290,4.4320",
  silsburg: "Deurne Silsburg@51.2085,4.4685",
  eksterlaar: "Deurne Eksterlaar@51.2010,4.4720",
  wijnegem: "Wijnegem Shopping@51.2335,4.5180",
  olympiade: "P+R Olympiade@51.1845,4.3815",
  metropolis: "Merksem Metropolis@51.2490,4.4280",
  mortsel: "Mortsel Gemeenteplein@51.1700,4.4560",
  wommelgem: "P+R Wommelgem@51.2045,4.5030",
  berchemStation: "Berchem Station@51.1992,4.4322",
  melkmarkt: "Melkmarkt@51.2205,4.4030",
  boechout: "P+R Boechout@51.1620,4.4895",
  schoonselhof: "Schoonselhof@51.1820,4.3840",
  luchtbal: "Luchtbal@51.2435,4.4240",
  harmonie: "Harmonie@51.2050,4.4120",
  draakplaats: "Draakplaats@51.2065,4.4275",
  kiel: "Kiel@51.1905,4.3890",
};

const G = {
  brielken: "Evergem Brielken@51.0985,3.7035",
  wondelgem: "Wondelgem Meulestede@51.0800,3.7185",
  rabot: "Rabot@51.0625,3.7150",
  korenmarkt: "Korenmarkt@51.0545,3.7210",
  kouter: "Kouter@51.0505,3.7250",
  sintPieters: "Gent-Sint-Pieters@51.0363,3.7108",
  expo: "Flanders Expo@51.0245,3.6930",
  melle: "Melle Leeuw@51.0035,3.7960",
  ledeberg: "Ledeberg@51.0385,3.7400",
  heuvelpoort: "Heuvelpoort@51.0440,3.7290",
  mariakerke: "Mariakerke Post@51.0700,3.6780",
  drongensesteenweg: "Drongensesteenweg@51.0590,3.6980",
  uz: "UZ Gent@51.0230,3.7235",
  zuid: "Gent Zuid@51.0480,3.7300",
  moscou: "Moscou@51.0335,3.7695",
  gentbrugge: "Gentbrugge Brusselsesteenweg@51.0380,3.7560",
};

function tram(entity: string, n: number, description: string, waypoints: string[]): LinePlan {
  return {
    entity, number: n, publicNumber: String(n), description, serviceType: "NORMAAL", routeType: 0,
    schedule: "tram", waypoints,
  };
}

export const ANTWERP_TRAMS: LinePlan[] = [
  tram("1", 1, "Luchtbal - Centraal Station - Zuid", [A.luchtbal, A.schijnpoort, A.rooseveltplaats, A.astrid, A.opera, A.meir, A.groenplaats, A.zuid]),
  tram("1", 2, "Hoboken - Merksem", [A.kioskplaats, A.kiel, A.zuid, A.groenplaats, A.meir, A.opera, A.astrid, A.sportpaleis, A.merksemCentrum, A.keizershoek]),
  tram("1", 3, "Zwijndrecht - Merksem", [A.melsele, A.zwijndrecht, A.linkeroever, A.groenplaats, A.meir, A.opera, A.astrid, A.sportpaleis, A.merksemCentrum, A.keizershoek]),
  tram("1", 4, "Hoboken - Silsburg", [A.kioskplaats, A.kiel, A.bolivarplaats, A.groenplaats, A.melkmarkt, A.rooseveltplaats, A.silsburg]),
  tram("1", 5, "Linkeroever - Wijnegem", [A.linkeroever, A.groenplaats, A.meir, A.opera, A.astrid, A.draakplaats, A.silsburg, A.wijnegem]),
  tram("1", 6, "Olympiade - Metropolis", [A.olympiade, A.kiel, A.zuid, A.groenplaats, A.meir, A.opera, A.diamant, A.schijnpoort, A.metropolis]),
  tram("1", 7, "Sint-Pietersvliet - Mortsel", [A.sintPietersvliet, A.groenplaats, A.meir, A.diamant, A.harmonie, A.berchemStation, A.mortsel]),
  tram("1", 8, "Groenplaats - Wommelgem", [A.groenplaats, A.meir, A.opera, A.diamant, A.draakplaats, A.eksterlaar, A.wommelgem]),
  tram("1", 9, "Linkeroever - Eksterlaar", [A.linkeroever, A.groenplaats, A.meir, A.opera, A.diamant, A.draakplaats, A.eksterlaar]),
  tram("1", 10, "Melsele - Silsburg", [A.melsele, A.zwijndrecht, A.linkeroever, A.sintPietersvliet, A.rooseveltplaats, A.silsburg]),
  tram("1", 11, "Berchem Station - Melkmarkt", [A.berchemStation, A.harmonie, A.diamant, A.opera, A.melkmarkt]),
  tram("1", 12, "Sportpaleis - Bolivarplaats", [A.sportpaleis, A.schijnpoort, A.rooseveltplaats, A.meir, A.harmonie, A.bolivarplaats]),
  tram("1", 15, "Linkeroever - Boechout", [A.linkeroever, A.groenplaats, A.meir, A.opera, A.diamant, A.berchemStation, A.mortsel, A.boechout]),
  tram("1", 24, "Silsburg - Schoonselhof", [A.silsburg, A.draakplaats, A.harmonie, A.zuid, A.kiel, A.schoonselhof]),
];

export const GENT_TRAMS: LinePlan[] = [
  tram("2", 1, "Evergem - Flanders Expo", [G.brielken, G.wondelgem, G.rabot, G.korenmarkt, G.kouter, G.sintPieters, G.expo]),
  tram("2", 2, "Melle - Mariakerke", [G.melle, G.ledeberg, G.heuvelpoort, G.kouter, G.korenmarkt, G.drongensesteenweg, G.mariakerke]),
  tram("2", 4, "UZ - Moscou", [G.uz, G.sintPieters, G.kouter, G.korenmarkt, G.zuid, G.gentbrugge, G.moscou]),
];
