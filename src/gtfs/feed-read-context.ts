import type { GtfsFileSize, GtfsSource, GtfsWarning, ReadFeedOptions } from "./types.js";

/** Detailed warnings kept per code; the rest are only counted (a broken feed can have millions). */
export const MAX_WARNINGS_PER_CODE = 1000;

/** Progress callbacks at most this often: a CLI progress bar needs no more. */
const PROGRESS_INTERVAL_MS = 100;

/** What every table reader shares while one feed is read: warnings, row counts, progress. */
export class FeedReadContext {
  readonly warnings: GtfsWarning[] = [];
  readonly warningCounts: Record<string, number> = {};
  readonly rows: Record<string, number> = {};
  private readonly sizes = new Map<string, GtfsFileSize>();
  private bytesTotal = 0;
  /** Stored bytes of the files finished so far. */
  private bytesFinished = 0;
  private lastProgressMs = 0;
  private fileRawBytes = 0;

  constructor(
    readonly source: GtfsSource,
    private readonly options: ReadFeedOptions,
  ) {}

  /** Looks up the sizes of the files that will be read, for `bytesTotal`. */
  async planFiles(files: readonly string[]): Promise<void> {
    if (!this.source.size) return;
    for (const file of files) {
      const size = await this.source.size(file);
      if (!size) continue;
      this.sizes.set(file, size);
      this.bytesTotal += size.storedBytes;
    }
  }

  warn(code: string, file: string, line: number, message: string): void {
    const n = (this.warningCounts[code] ?? 0) + 1;
    this.warningCounts[code] = n;
    if (n <= MAX_WARNINGS_PER_CODE) this.warnings.push({ code, file, line, message });
  }

  /**
   * Returns the per-chunk progress hook of one file: raw (decompressed) bytes are scaled to
   * stored bytes, because the total is known in stored (compressed) bytes. Without sizes
   * (a source with no `size()`), progress counts raw bytes and the total stays 0.
   */
  progressOf(file: string): ((rawBytes: number) => void) | undefined {
    const onProgress = this.options.onProgress;
    this.fileRawBytes = 0;
    if (!onProgress) return undefined;
    const size = this.sizes.get(file);
    const scale = size && size.rawBytes > 0 ? size.storedBytes / size.rawBytes : 1;
    const cap = size ? size.storedBytes : Infinity;
    return (bytes) => {
      this.fileRawBytes += bytes;
      const now = Date.now();
      if (now - this.lastProgressMs < PROGRESS_INTERVAL_MS) return;
      this.lastProgressMs = now;
      const done = this.bytesFinished + Math.min(this.fileRawBytes * scale, cap);
      onProgress({ file, bytesDone: Math.round(done), bytesTotal: this.bytesTotal });
    };
  }

  /** Marks a file as read. */
  finishFile(file: string): void {
    const size = this.sizes.get(file);
    this.bytesFinished += size ? size.storedBytes : this.fileRawBytes;
    this.fileRawBytes = 0;
  }

  /** The final progress call (100 %), whatever the time since the last one. */
  done(): void {
    this.options.onProgress?.({ file: "", bytesDone: this.bytesFinished, bytesTotal: this.bytesTotal });
  }
}
