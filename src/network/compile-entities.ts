import type { CompileContext } from "./compile-context.js";
import type { EntityIdx, EntityInfo } from "./model.js";

export interface EntityTable {
  entities: EntityInfo[];
  entityByNumber: Map<string, EntityIdx>;
  /** Entity of the feed's first agency: for routes without agency_id and unserved stops. */
  feedDefaultEntity: EntityIdx[];
  /** The entity of a route's agency_id in feed f; undefined for an agency agency.txt lacks. */
  routeEntity(feed: number, agencyId: string): EntityIdx | undefined;
}

/**
 * Agencies -> entities. delijn feeds: agency_id is the entity number (names from the reference
 * data). Other feeds: each agency of each feed becomes an entity numbered after those taken, so
 * agencies of two feeds never share an entity even when their ids are equal. An agency an earlier
 * import numbered keeps its number (key-history.ts); a new one gets a number no entity ever had.
 */
export function compileEntities(ctx: CompileContext): EntityTable {
  const { inputs, ref, keys } = ctx;
  const entities: EntityInfo[] = [];
  const entityByNumber = new Map<string, number>();
  const agencyEntity: Array<Map<string, number>> = inputs.map(() => new Map());
  const addEntity = (info: EntityInfo) => {
    entityByNumber.set(info.number, entities.length);
    entities.push(info);
    return entities.length - 1;
  };
  inputs.forEach(({ feed, profile }, f) => {
    if (profile !== "delijn") return;
    for (const a of feed.agencies) {
      if (!/^\d+$/.test(a.agencyId)) continue;
      const number = String(Number(a.agencyId));
      let e = entityByNumber.get(number);
      if (e === undefined) {
        const r = ref?.entities.find((x) => x.number === number);
        e = addEntity({ number, code: r?.code ?? a.agencyId, name: r?.name ?? a.name, feed: f, agencyIds: [] });
      }
      entities[e].agencyIds.push(a.agencyId);
      agencyEntity[f].set(a.agencyId, e);
    }
  });
  const ever = keys.usedNumbers((r) => r.kind === "entity");
  let nextEntity = Math.max(0, ...[...entityByNumber.keys(), ...ever].map(Number).filter(Number.isFinite)) + 1;
  const generic: Array<{ f: number; agencyId: string; name: string }> = [];
  inputs.forEach(({ feed }, f) => {
    for (const a of feed.agencies) {
      if (agencyEntity[f].has(a.agencyId)) continue;
      if (feed.agencies.length > 0 && a.agencyId === "" && agencyEntity[f].size > 0) continue;
      generic.push({ f, agencyId: a.agencyId, name: a.name });
    }
  });
  // Agencies an earlier import numbered first, so that a new one never takes their numbers.
  const kept = generic.map(({ f, agencyId }) => {
    const before = keys.previous("entity", f, agencyId)?.number;
    return before !== undefined && !entityByNumber.has(before) ? before : undefined;
  });
  kept.forEach((number, i) => number !== undefined && entityByNumber.set(number, -1));
  generic.forEach(({ f, agencyId, name }, i) => {
    const number = kept[i] ?? String(nextEntity++);
    const e = addEntity({ number, code: agencyId || name, name, feed: f, agencyIds: [agencyId] });
    agencyEntity[f].set(agencyId, e);
  });
  entities.forEach((info) => {
    for (const agencyId of info.agencyIds) {
      keys.give({ kind: "entity", feed: info.feed, gtfsId: agencyId, entity: info.number, number: info.number, direction: 0, lat: 0, lon: 0 });
    }
  });
  const feedDefaultEntity = inputs.map(({ feed }, f) => agencyEntity[f].get(feed.agencies[0]?.agencyId ?? "") ?? 0);
  const routeEntity = (f: number, agencyId: string) =>
    agencyEntity[f].get(agencyId) ?? (agencyId ? undefined : feedDefaultEntity[f]);

  return { entities, entityByNumber, feedDefaultEntity, routeEntity };
}
