/**
 * A client's value as an error message repeats it. A message names the value that did not fit, but a value of
 * 5,000 characters repeated whole makes a message nobody reads (and an answer that echoes whatever was sent).
 */

/** The most characters of a value a message repeats, by default. */
export const SHOWN_VALUE_MAX = 64;

/** `"value"`, or its first `max` characters and its length: `"xxxx…" (5000 characters)`. */
export function shownValue(value: string, max: number = SHOWN_VALUE_MAX): string {
  return value.length <= max ? `"${value}"` : `"${head(value, max)}…" (${value.length} characters)`;
}

/** `text` unquoted, or its first `max` characters and its length: `/a/b/xxxx… (5000 characters)`. */
export function shortened(text: string, max: number): string {
  return text.length <= max ? text : `${head(text, max)}… (${text.length} characters)`;
}

/** The first `max` UTF-16 units, one less when the cut would split an emoji (a surrogate pair) in two. */
function head(text: string, max: number): string {
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
