export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * A one-line progress bar redrawn in place on stderr, only for a terminal
 * (a file or pipe gets no carriage-return noise) and only once a replay has
 * run long enough to be worth watching; stdout stays the report's alone.
 */
export class ProgressBar {
  private readonly started = performance.now();
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly output: ProgressOutput,
    private readonly label: string,
    private readonly options: { afterMs?: number; everyMs?: number; width?: number } = {},
  ) {}

  update(done: number, total: number, events: number): void {
    if (!this.output.isTTY) return;
    const now = performance.now();
    if (now - this.started < (this.options.afterMs ?? 300) || now - this.lastDraw < (this.options.everyMs ?? 100)) return;
    this.lastDraw = now;
    this.drawn = true;
    const width = this.options.width ?? 30;
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(fraction * width);
    const rate = Math.round(events / ((now - this.started) / 1000));
    this.output.write(`\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(1).padStart(5)}%  ${events.toLocaleString('en')} events  ${rate.toLocaleString('en')}/s\x1b[K`);
  }

  /** Clears the bar's line, so what follows starts clean. */
  done(): void {
    if (this.drawn) this.output.write('\r\x1b[K');
  }
}
