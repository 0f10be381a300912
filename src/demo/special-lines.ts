/**
 * Lines of the service types the real samples do not show around Leuven: on-demand (BELBUS),
 * night (NACHTLIJN), school (SCHOOLBUS), factory (FABRIEKSLIJN), express (SNELDIENST) and a
 * non-public technical line (TECHNISCHE_LIJN). Numbers are ours; places are real.
 */
import type { LinePlan } from "./line-plan.js";

export const SPECIAL_LINES: LinePlan[] = [
  // On-demand: phone ahead (pickup_type/drop_off_type 2 on the intermediate stops), extended route_type 715.
  {
    entity: "5", number: 591, publicNumber: "591", description: "Belbus Alveringem - Lo-Reninge",
    serviceType: "BELBUS", routeType: 715, schedule: "belbus",
    waypoints: ["Alveringem", "Leisele", "Stavele", "Lo", "Reninge"],
  },
  {
    entity: "1", number: 291, publicNumber: "291", description: "Belbus Kasterlee - Retie",
    serviceType: "BELBUS", routeType: 715, schedule: "belbus",
    waypoints: ["Kasterlee", "Retie"],
  },
  {
    entity: "4", number: 291, publicNumber: "291", description: "Belbus Voeren",
    serviceType: "BELBUS", routeType: 715, schedule: "belbus",
    headsigns: ["Teuven", "Moelingen"],
    waypoints: ["Moelingen", "'s-Gravenvoeren", "Sint-Martens-Voeren", "Teuven"],
  },
  {
    entity: "2", number: 791, publicNumber: "791", description: "Belbus Maarkedal - Horebeke",
    serviceType: "BELBUS", routeType: 715, schedule: "belbus",
    waypoints: ["Maarkedal", "Horebeke"],
  },
  // Night lines: Friday and Saturday nights, extended route_type 705.
  {
    entity: "2", number: 690, publicNumber: "N8", description: "Gent Korenmarkt - Lochristi",
    serviceType: "NACHTLIJN", routeType: 705, schedule: "night",
    waypoints: ["Korenmarkt@51.0545,3.7210", "Gent-Dampoort@51.0564,3.7406", "Oostakker", "Lochristi"],
  },
  {
    entity: "1", number: 490, publicNumber: "N10", description: "Antwerpen Rooseveltplaats - Schoten",
    serviceType: "NACHTLIJN", routeType: 705, schedule: "night",
    waypoints: ["Rooseveltplaats@51.2228,4.4178", "Borgerhout", "Deurne (Antwerpen)", "Schoten"],
  },
  // School buses: school days only, extended route_type 712.
  {
    entity: "5", number: 492, publicNumber: "492", description: "Schoolbus Wingene - Tielt",
    serviceType: "SCHOOLBUS", routeType: 712, schedule: "schoolBus",
    waypoints: ["Wingene", "Zwevezele", "Tielt"],
  },
  {
    entity: "1", number: 292, publicNumber: "292", description: "Schoolbus Lille - Herentals",
    serviceType: "SCHOOLBUS", routeType: 712, schedule: "schoolBus",
    waypoints: ["Lille", "Poederlee", "station:Herentals"],
  },
  {
    entity: "4", number: 192, publicNumber: "192", description: "Schoolbus Bree - Peer",
    serviceType: "SCHOOLBUS", routeType: 712, schedule: "schoolBus",
    waypoints: ["Bree", "Peer"],
  },
  // Factory lines: weekday shift changes.
  {
    entity: "2", number: 692, publicNumber: "692", description: "Gent Zuid - ArcelorMittal",
    serviceType: "FABRIEKSLIJN", routeType: 3, schedule: "factory",
    waypoints: ["Gent Zuid@51.0480,3.7300", "Gent-Dampoort@51.0564,3.7406", "ArcelorMittal@51.1080,3.7830"],
  },
  {
    entity: "4", number: 193, publicNumber: "193", description: "Genk Station - Industriezone Genk-Zuid",
    serviceType: "FABRIEKSLIJN", routeType: 3, schedule: "factory",
    waypoints: ["station:Genk", "Industriezone Genk-Zuid@50.9390,5.5100"],
  },
  // Express lines with the extended route_type 702 (the real ones near Leuven use route_type 3).
  {
    entity: "2", number: 677, publicNumber: "77", description: "Gent - Eeklo",
    serviceType: "SNELDIENST", routeType: 702, schedule: "express", express: true,
    waypoints: ["station:Gent-Sint-Pieters", "Gent Zuid@51.0480,3.7300", "Evergem", "station:Eeklo"],
  },
  {
    entity: "5", number: 350, publicNumber: "35", description: "Brugge - Oostende",
    serviceType: "SNELDIENST", routeType: 702, schedule: "express", express: true,
    waypoints: ["station:Brugge", "Jabbeke", "station:Oostende"],
  },
  // A technical line (depot runs), not public.
  {
    entity: "3", number: 699, publicNumber: "699", description: "Leuven Station - Gasthuisberg (dienstrit)",
    serviceType: "TECHNISCHE_LIJN", routeType: 3, schedule: "technical",
    waypoints: ["P15", "=Leuven Ijzerenmolenstraat", "=Leuven Gasthuisberg Campus", "=Leuven Gasthuisberg Kliniek perron 5"],
  },
];
