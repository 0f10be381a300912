/**
 * Rendered answers of lookups by key (E3, a line by key: the call apps make most): the JSON text is kept per
 * network, so that the same line asked again costs a Map lookup and a write instead of building and
 * serialising the object. A swapped-out network takes its answers with it (WeakMap); per network at most
 * MAX_ANSWERS are kept, oldest first out, which bounds what many link origins (Host headers) can make us keep.
 */
import type { Network } from "../../network/model.js";

const MAX_ANSWERS = 20_000;
const cache = new WeakMap<Network, Map<string, string>>();

/** The JSON text of the answer named `key` (which must name everything the answer depends on). */
export function renderedAnswer(net: Network, key: string, render: () => unknown): string {
  let answers = cache.get(net);
  if (!answers) {
    answers = new Map();
    cache.set(net, answers);
  }
  let text = answers.get(key);
  if (text === undefined) {
    text = JSON.stringify(render());
    if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
    answers.set(key, text);
  }
  return text;
}
