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
