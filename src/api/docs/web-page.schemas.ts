/**
 * /web-config.json (src/api/docs/web-page.ts): what the demo page needs to know to call the API. The page imports the
 * type (web/src/api-client.ts), so server and page read one definition.
 */
import { type Static, Type } from "@sinclair/typebox";

export const WebConfig = Type.Object(
  {
    key: Type.Union([Type.String(), Type.Null()], {
      description: "the subscription key the page calls the API with; null when the visitor has to give one",
    }),
    corePrefix: Type.String({ description: "path of the core API (CORE_PREFIX)" }),
    searchPrefix: Type.String({ description: "path of the search API (SEARCH_PREFIX)" }),
    geometry: Type.Object(
      {
        network: Type.Optional(Type.String()),
        lineDirection: Type.Optional(Type.String()),
      },
      { description: "the geometry endpoints the server has, paths below {corePrefix}/v1/beta with :parameters" },
    ),
  },
  { title: "WebConfig" },
);
export type WebConfig = Static<typeof WebConfig>;
