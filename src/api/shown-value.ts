/**
 * A client's value as an error message repeats it. A message names the value that did not fit, but a value of
 * 5,000 characters repeated whole makes a message nobody reads (and an answer that echoes whatever was sent).
 */

/** The most characters of a value a message repeats, by default. */
export const SHOWN_VALUE_MAX = 64;

/** `"value"`, or its first `max` characters and its length: `"xxxx…" (5000 characters)`. */
export function shownValue(value: string, max: number = SHOWN_VALUE_MAX): string {
  if (value.length <= max) return `"${value}"`;
  // Never cut an emoji (a surrogate pair) in two.
  const end = isHighSurrogate(value.charCodeAt(max - 1)) ? max - 1 : max;
  return `"${value.slice(0, end)}…" (${value.length} characters)`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
