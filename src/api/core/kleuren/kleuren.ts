/**
 * Line colours: E12 (all) and E15 (by code).
 */
import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { requireColour } from "../../../network/lookup.js";
import { ERROR_RESPONSES, Kleur, ListOf } from "../../shared/common.schemas.js";
import type { FamilyOptions } from "../../shared/families.js";
import { kleurView } from "./kleur-view.js";
import { linkerFor, selfLink } from "../../shared/links.js";
import { Code } from "../../shared/params.schemas.js";

/** `kleuren`, as the spec and the real service name it (the published OpenAPI says `lijnkleuren`). */
export const Kleuren = ListOf("kleuren", Kleur, "Kleuren");
const CodeParams = Type.Object({ code: Code });

export const kleurenRoutes: FastifyPluginAsync<FamilyOptions> = async (app, opts) => {
  const { source, config } = opts;
  const tags = ["kleuren"];

  app.get(
    "/kleuren",
    {
      schema: {
        tags,
        summary: "E12: all line colours",
        description:
          "The palette of line colours: code, name, RGB and hex, by code. Lines refer to these codes in their lijnkleuren.",
        response: { 200: Kleuren, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      const L = linkerFor(req, opts);
      return { kleuren: net.meta.colours.map((_, c) => kleurView(net, c, L)), links: [selfLink(req, config)] };
    },
  );

  app.get<{ Params: Static<typeof CodeParams> }>(
    "/kleuren/:code",
    {
      schema: {
        tags,
        summary: "E15: a line colour by code",
        description: "One colour of the palette. 404 for an unknown code.",
        params: CodeParams,
        response: { 200: Kleur, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const net = source.current();
      // Its one link is `detail`, not `self`, as the real service answers (samples/color.json).
      return kleurView(net, requireColour(net, req.params.code), linkerFor(req, opts));
    },
  );
};
