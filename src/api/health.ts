/**
 * GET /health, without a key: is the server up, and which network does it serve.
 */
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Network } from "../network/model.js";
import { formatDate } from "./dates.js";
import type { NetworkSource } from "./network-source.js";

export const Health = Type.Object(
  {
    status: Type.Literal("ok"),
    network: Type.Object({
      counts: Type.Object({
        stops: Type.Integer(),
        lines: Type.Integer(),
        lineDirections: Type.Integer(),
        patterns: Type.Integer(),
        trips: Type.Integer(),
        stopTimes: Type.Integer(),
      }),
      validFrom: Type.String({ format: "date" }),
      validTo: Type.String({ format: "date" }),
      timezone: Type.String(),
      feeds: Type.Array(
        Type.Object({
          source: Type.String(),
          profile: Type.String(),
          publisher: Type.Optional(Type.String()),
          version: Type.Optional(Type.String()),
        }),
      ),
      createdAt: Type.String({ format: "date-time" }),
      ageSeconds: Type.Integer({ description: "seconds since the snapshot was written" }),
    }),
  },
  { title: "Health" },
);

const lineDirectionCounts = new WeakMap<Network, number>();
function countLineDirections(net: Network): number {
  let n = lineDirectionCounts.get(net);
  if (n === undefined) {
    n = 0;
    for (const e of net.lineDirections.exists) n += e;
    lineDirectionCounts.set(net, n);
  }
  return n;
}

export function networkSummary(net: Network, nowMs = Date.now()) {
  const { meta } = net;
  return {
    counts: {
      stops: net.stops.count,
      lines: net.lines.count,
      lineDirections: countLineDirections(net),
      patterns: net.patterns.count,
      trips: net.trips.count,
      stopTimes: net.stopTimes.count,
    },
    validFrom: meta.validFrom ? formatDate(meta.validFrom) : "",
    validTo: meta.validTo ? formatDate(meta.validTo) : "",
    timezone: meta.timezone,
    feeds: meta.feeds.map((f) => ({ source: f.source, profile: f.profile, publisher: f.publisher, version: f.version })),
    createdAt: meta.createdAt,
    ageSeconds: Math.max(0, Math.floor((nowMs - Date.parse(meta.createdAt)) / 1000)),
  };
}

export const healthRoute: FastifyPluginAsync<{ source: NetworkSource; now: () => number }> = async (app, { source, now }) => {
  app.get(
    "/health",
    {
      config: { auth: false },
      schema: {
        tags: ["beheer"],
        summary: "Liveness and a summary of the network served (no key needed)",
        security: [],
        response: { 200: Health },
      },
    },
    async () => ({ status: "ok" as const, network: networkSummary(source.current(), now()) }),
  );
};
