/**
 * Rendered answers of lookups by key (E3, a line by key: the call apps make most): the JSON text is kept per
 * network, so that the same line asked again costs a Map lookup and a write instead of building and
 * serialising the object. A swapped-out network takes its answers with it (derived-index.ts); per network at most
 * MAX_ANSWERS are kept, oldest first out, which bounds what many link origins (Host headers) can make us keep.
 */
import { derivedIndex } from "../../network/derived-index.js";
import type { Network } from "../../network/model.js";

const MAX_ANSWERS = 20_000;
const cache = derivedIndex("rendered answers by key: JSON text (at most 20,000, oldest out first)", () => new Map<string, string>());

/** The JSON text of the answer named `key` (which must name everything the answer depends on). */
export function renderedAnswer(net: Network, key: string, render: () => unknown): string {
  const answers = cache(net);
  let text = answers.get(key);
  if (text === undefined) {
    text = JSON.stringify(render());
    if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
    answers.set(key, text);
  }
  return text;
}

/**
 * A 200 answer as a request gets it, for the lane of answers already rendered (src/api/http/rendered-lane.ts):
 * its JSON text, content type and length, and the route that made it (for /metrics).
 */
export interface KeptAnswer {
  readonly text: string;
  readonly type: string;
  /** Buffer.byteLength(text), as Content-Length. */
  readonly length: string;
  /** `request.routeOptions.config` and `.url` of the route that answered. */
  readonly routeConfig: object;
  readonly route: string | undefined;
}

const keptByRequest = derivedIndex(
  "answers kept by request: host, forwarded host and scheme, and URL to the 200 answer (at most 20,000, oldest out first)",
  () => new Map<string, KeptAnswer>(),
);

/** Whether any answer was kept, on any network: until one is, the lane need not read the network served. */
let keptAny = false;
export const anyKeptAnswer = (): boolean => keptAny;

/** The answer kept under `requestKey` on this network (rendered-lane.ts names the request). */
export function keptAnswer(net: Network, requestKey: string): KeptAnswer | undefined {
  return keptByRequest(net).get(requestKey);
}

/** Keeps an answer under `requestKey` on this network, unless one is kept already. */
export function keepAnswer(net: Network, requestKey: string, make: () => KeptAnswer): void {
  const answers = keptByRequest(net);
  if (answers.has(requestKey)) return;
  if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
  answers.set(requestKey, make());
  keptAny = true;
}
