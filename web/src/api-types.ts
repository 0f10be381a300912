import type { Routeplan } from "../../src/api/routeplan.schemas.js";
export type X = Routeplan;
