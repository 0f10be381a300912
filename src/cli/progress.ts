/**
 * A one-line progress bar on stderr when it is a terminal, plain stage lines otherwise (CI logs).
 * Labels name what is read: `flanders.zip: stop_times.txt`, `subway.zip (1/2): stops.txt`.
 */
export interface Progress {
  bar(label: string, done: number, total: number): void;
  stage(label: string): void;
  done(): void;
}

/** Label columns of the bar: with the bar it fills an 80-column terminal line, which \r redraws. */
const LABEL_WIDTH = 40;

/** `text` padded to `width`, or cut at the start: its end names the file being read. */
function fit(text: string, width: number): string {
  return text.length <= width ? text.padEnd(width) : `…${text.slice(text.length - width + 1)}`;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = Boolean(stream.isTTY);
  const started = Date.now();
  let lastDraw = 0;
  let lastLabel = "";
  const elapsed = () => ((Date.now() - started) / 1000).toFixed(1).padStart(5) + " s";
  return {
    bar(label, done, total) {
      const now = Date.now();
      if (now - lastDraw < 100 && done < total) return;
      lastDraw = now;
      const ratio = total > 0 ? Math.min(1, done / total) : 0;
      if (tty) {
        const width = 20;
        const fill = Math.round(ratio * width);
        stream.write(`\r${elapsed()}  [${"#".repeat(fill)}${".".repeat(width - fill)}] ${(ratio * 100).toFixed(0).padStart(3)}%  ${fit(label, LABEL_WIDTH)}`);
      } else if (label !== lastLabel) {
        stream.write(`${elapsed()}  reading ${label}\n`);
      }
      lastLabel = label;
    },
    stage(label) {
      if (tty) stream.write(`\r${elapsed()}  ${label.padEnd(70)}`);
      else stream.write(`${elapsed()}  ${label}\n`);
    },
    done() {
      if (tty) stream.write("\n");
    },
  };
}
