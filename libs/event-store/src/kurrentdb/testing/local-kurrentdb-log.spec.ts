import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { LocalKurrentDbLog, type ProposedEvent } from './local-kurrentdb-log.js';

// The local server is only worth testing against if it answers as KurrentDB
// does: these are KurrentDB's rules (IndexWriter.CheckCommit, $all reads).
const event = (eventId = randomUUID(), type = 'Counted'): ProposedEvent => ({
  eventId,
  type,
  contentType: 'application/json',
  data: Buffer.from('{}'),
  metadata: Buffer.from('{}'),
});

describe('the local KurrentDB log', () => {
  it('numbers a stream from revision 0 and gives every event a growing log position, answering the last', () => {
    const log = new LocalKurrentDbLog();
    const written = log.append('s', 'no_stream', [event(), event()]);
    const [first, second] = log.readStream('s', 'forwards', 'start', 10n)!;
    expect([first!.revision, second!.revision]).toEqual([0n, 1n]);
    expect(first!.position < second!.position).toBe(true);
    expect(written).toEqual({ kind: 'written', currentRevision: 1n, position: second!.position });
  });

  it('answers a retry at the same expected revision as the first write, writing nothing, whatever the content', () => {
    const log = new LocalKurrentDbLog();
    const ids = [randomUUID(), randomUUID()];
    const first = log.append('s', 'no_stream', ids.map((id) => event(id)));
    const retry = log.append('s', 'no_stream', ids.map((id) => event(id, 'OtherContent')));
    expect(retry).toEqual({ ...first, kind: 'idempotent' });
    expect(log.readStream('s', 'forwards', 'start', 10n)).toHaveLength(2);
  });

  it('refuses a write whose first id is at the next revision but a later one is not (corrupted idempotency)', () => {
    const log = new LocalKurrentDbLog();
    const used = randomUUID();
    log.append('s', 'any', [event(used)]);
    expect(log.append('s', 'no_stream', [event(used), event()])).toEqual({ kind: 'wrong_expected_version', currentRevision: 0n, expected: 'no_stream' });
    expect(log.append('s', 'any', [event(used), event()])).toMatchObject({ kind: 'wrong_expected_version' });
  });

  it('deduplicates ids per stream only: the same id on another stream is written there', () => {
    const log = new LocalKurrentDbLog();
    const used = randomUUID();
    log.append('s', 'any', [event(used)]);
    expect(log.append('t', 'any', [event(used)])).toMatchObject({ kind: 'written', currentRevision: 0n });
  });

  it('refuses stream_exists for an absent stream and an expected revision past the end', () => {
    const log = new LocalKurrentDbLog();
    expect(log.append('s', 'stream_exists', [event()])).toEqual({ kind: 'wrong_expected_version', currentRevision: undefined, expected: 'stream_exists' });
    log.append('s', 'any', [event()]);
    expect(log.append('s', 3n, [event()])).toEqual({ kind: 'wrong_expected_version', currentRevision: 0n, expected: 3n });
  });

  it('reads $all forwards from a position including it, backwards excluding it, and catches a subscription up after it', () => {
    const log = new LocalKurrentDbLog();
    log.append('s', 'any', [event(), event(), event()]);
    const [a, b, c] = log.readAll('forwards', 'start', 10n);
    expect(log.readAll('forwards', b!.position, 10n)).toEqual([b, c]);
    expect(log.readAll('backwards', b!.position, 10n)).toEqual([a]);
    expect(log.readAll('backwards', 'end', 2n)).toEqual([c, b]);
    expect(log.after(b!.position)).toEqual([c]);
  });
});
