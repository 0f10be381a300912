/**
 * Sentinels of the compiled network, with why each value.
 * Typed arrays cannot hold undefined, so "none" is the largest value of the column's type:
 * never a real index (no network has 2^32-1 stops or 65535 municipalities) and one comparison tells it.
 */
export const NONE32 = 0xffff_ffff;
export const NONE16 = 0xffff;
export const NONE8 = 0xff;

/**
 * stops' footpath to itself: changing vehicles at this stop is not possible (transfers.txt transfer_type 3 from the
 * stop, or its station, to itself). 65535 s, the largest footpath time: no real change time is that long, and a
 * search that does not know the rule still waits 18 h, which no journey it answers contains.
 */
export const NO_CHANGE_SECONDS = 0xffff;

/** Snapshot format version: bump on any change of columns or meta; old snapshots are refused. */
export const SNAPSHOT_FORMAT_VERSION = 6; // 2: meta.warnings keep `examples` (up to WARNING_EXAMPLES), not one `example`; 3: places; 4: geometry; 5: trips.sequences (stop_sequence), stops.parentGtfsId, the key history; 6: transferRules (in-seat links), a CRC-32 per column and of the header

/**
 * The compiler's rules, as far as they change what one input compiles to without changing the snapshot's layout
 * (e.g. footpaths chained within a walking budget, a platform inheriting its station's wheelchair_boarding, twin-platform suffixes in the feed's language): bump it
 * with such a change, so that a snapshot built from unchanged inputs (the demo's, cached in .cache/) is built again.
 */
export const COMPILER_REVISION = 3;

/** Examples kept per warning code in meta.warnings: enough to see a pattern, few enough to read. */
export const WARNING_EXAMPLES = 5;

/** Magic bytes at the start of every snapshot file. */
export const SNAPSHOT_MAGIC = "LIJNWZR1";
