/**
 * A one-line progress bar on stderr when it is a terminal, plain stage lines otherwise (CI logs).
 */
export interface Progress {
  bar(label: string, done: number, total: number): void;
  stage(label: string): void;
  done(): void;
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
        const width = 30;
        const fill = Math.round(ratio * width);
        stream.write(`\r${elapsed()}  [${"#".repeat(fill)}${".".repeat(width - fill)}] ${(ratio * 100).toFixed(0).padStart(3)}%  ${label.padEnd(28).slice(0, 28)}`);
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
