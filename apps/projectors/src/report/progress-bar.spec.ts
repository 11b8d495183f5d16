import { describe, expect, it } from '@jest/globals';
import { ProgressBar } from './progress-bar.js';

const output = (isTTY: boolean) => {
  const written: string[] = [];
  return { written, isTTY, write: (text: string) => written.push(text) };
};

describe('the replay progress bar', () => {
  it('redraws one line on a terminal and clears it when done', () => {
    const terminal = output(true);
    const bar = new ProgressBar(terminal, 'replaying engagement', { afterMs: 0, everyMs: 0, width: 10 });
    bar.update(50, 100, 500);
    bar.done();
    expect(terminal.written[0]).toMatch(/^\rreplaying engagement \[#####\.\.\.\.\.\] {2}50\.0% {2}500 events/);
    expect(terminal.written.at(-1)).toBe('\r\x1b[K');
  });

  it('writes nothing when stderr is a file or a pipe', () => {
    const pipe = output(false);
    const bar = new ProgressBar(pipe, 'replaying engagement', { afterMs: 0, everyMs: 0 });
    bar.update(50, 100, 500);
    bar.done();
    expect(pipe.written).toEqual([]);
  });

  it('stays away from short replays', () => {
    const terminal = output(true);
    const bar = new ProgressBar(terminal, 'replaying engagement', { afterMs: 60_000 });
    bar.update(50, 100, 500);
    bar.done();
    expect(terminal.written).toEqual([]);
  });
});
