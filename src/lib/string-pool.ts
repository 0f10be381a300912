/**
 * Interns strings while building columns: each distinct string gets a small integer, in order of first sight, so
 * a table stores an index per row instead of a string (the network compiler's string table; 3.5 million Flemish
 * addresses share some 100,000 street names and house numbers). Index 0 is always the empty string, so a zeroed
 * column reads as "absent".
 */
export class StringPool {
  private readonly index = new Map<string, number>([["", 0]]);
  /** index -> string, in order of first sight; the pool's own array: read it, never change it. */
  readonly list: readonly string[] = [""];

  /** The index of `s`, a new one when the pool has not seen it. */
  intern(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      (this.list as string[]).push(s);
      this.index.set(s, i);
    }
    return i;
  }

  get(i: number): string {
    return this.list[i];
  }
}
