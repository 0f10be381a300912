/**
 * GET /health, without a key: is the server up, and which network does it serve. When today lies outside the
 * network's validity, `network.validity` says so in fields and `warnings` in words (network-validity.ts), which
 * also name a feed of several whose own period misses the day lists answer for; both are absent while all is
 * well, so the answer of a healthy server stays as it was.
 */
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Network } from "../network/model.js";
import { networkToday, networkValidity, validityWarnings } from "../network/queries/network-validity.js";
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
      validity: Type.Optional(
        Type.Object(
          {
            state: Type.Union([Type.Literal("expired"), Type.Literal("not-yet-valid"), Type.Literal("empty")]),
            today: Type.String({ format: "date", description: "today in the network's time zone" }),
            answersFor: Type.Optional(
              Type.String({ format: "date", description: "the day lists answer for without geldigOp" }),
            ),
          },
          { description: "present only when today lies outside the network's validity (or it has none)" },
        ),
      ),
    }),
    warnings: Type.Optional(Type.Array(Type.String(), { description: "what an operator should know, e.g. an expired network" })),
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
  const validity = networkValidity(net, networkToday(net, nowMs));
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
    ...(validity.state === "valid"
      ? {}
      : {
          validity: {
            state: validity.state,
            today: formatDate(validity.today),
            ...(validity.state === "empty" ? {} : { answersFor: formatDate(validity.defaultDay) }),
          },
        }),
  };
}

/** The body of /health: the summary, and in words what is wrong with the network served. */
export function healthBody(net: Network, nowMs = Date.now()) {
  const warnings = validityWarnings(net, networkToday(net, nowMs));
  return { status: "ok" as const, network: networkSummary(net, nowMs), ...(warnings.length ? { warnings } : {}) };
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
    async () => healthBody(source.current(), now()),
  );
};
