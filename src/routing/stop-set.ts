/** A set of stops: a list to visit and a flag to keep it without duplicates; cleared in the time of its size. */
export class StopSet {
  readonly list: Int32Array;
  readonly has: Uint8Array;
  size = 0;
  constructor(n: number) {
    this.list = new Int32Array(n);
    this.has = new Uint8Array(n);
  }
  add(s: number): void {
    if (this.has[s] === 0) {
      this.has[s] = 1;
      this.list[this.size++] = s;
    }
  }
  clear(): void {
    for (let i = 0; i < this.size; i++) this.has[this.list[i]] = 0;
    this.size = 0;
  }
}
