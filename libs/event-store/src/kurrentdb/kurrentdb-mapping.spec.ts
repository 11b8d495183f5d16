import { describe, expect, it } from '@jest/globals';
import type { ResolvedEvent } from '@kurrent/kurrentdb-client';
import { START } from '../port/types.js';
import { appendIdOf, cursorOf, isProductEvent, positionOf, toEventData, toStoredEvent, toStreamState } from './kurrentdb-mapping.js';

const recorded = (overrides: Record<string, unknown> = {}): ResolvedEvent =>
  ({
    event: {
      streamId: 'joke-1',
      id: '0b6b1a4e-7a2f-4a6e-9c1e-2a1f6b0c9d11',
      revision: 4n,
      type: 'JokeGenerated',
      data: { text: 'a joke' },
      metadata: { actor: 'user-1' },
      isJson: true,
      created: new Date('2026-01-02T03:04:05.678Z'),
      position: { commit: 5_000n, prepare: 4_900n },
      ...overrides,
    },
  }) as ResolvedEvent;

describe('KurrentDB mapping', () => {
  describe('expected versions', () => {
    it('checks revision v - 1 for version v, and treats version 0 as no stream', () => {
      expect([toStreamState(1n), toStreamState(7), toStreamState(0n), toStreamState(0)]).toEqual([0n, 6n, 'no_stream', 'no_stream']);
    });

    it('passes the modes through under their KurrentDB names', () => {
      expect([toStreamState('any'), toStreamState('no_stream'), toStreamState('stream_exists')]).toEqual(['any', 'no_stream', 'stream_exists']);
    });
  });

  describe('positions and cursors', () => {
    it('orders cursors as $all positions are ordered: commit, then prepare', () => {
      expect(cursorOf({ commit: 5_000n, prepare: 4_900n })).toEqual({ transactionId: 5_000n, globalPosition: 4_900n });
    });

    it('reads from the start of the log for START and from the position itself otherwise, beyond 2^63', () => {
      expect(positionOf(START)).toBe('start');
      const far = { transactionId: 2n ** 64n - 1n, globalPosition: 2n ** 63n - 1n };
      expect(positionOf(far)).toEqual({ commit: 2n ** 64n - 1n, prepare: 2n ** 63n - 1n });
      expect(cursorOf(positionOf(far) as { commit: bigint; prepare: bigint })).toEqual(far);
    });
  });

  describe('writing', () => {
    it('writes JSON with the metadata as it is, and null for absent data', () => {
      expect(toEventData({ type: 'Told', data: undefined, metadata: { actor: 'a' } }, 'id-1')).toEqual({
        id: 'id-1',
        contentType: 'application/json',
        type: 'Told',
        data: null,
        metadata: { actor: 'a' },
      });
    });

    it('notes a schema version other than 1 and an append id under $store only', () => {
      expect(toEventData({ type: 'Told', data: {}, schemaVersion: 2 }, 'id-1', 'append-1').metadata).toEqual({ $store: { schemaVersion: 2, appendId: 'append-1' } });
      expect(toEventData({ type: 'Told', data: {}, schemaVersion: 1 }, 'id-1').metadata).toEqual({});
    });
  });

  describe('reading', () => {
    it("gives the port's event: version = revision + 1, cursor from the event's own $all position", () => {
      expect(toStoredEvent(recorded())).toEqual({
        type: 'JokeGenerated',
        data: { text: 'a joke' },
        eventId: '0b6b1a4e-7a2f-4a6e-9c1e-2a1f6b0c9d11',
        schemaVersion: 1,
        metadata: { actor: 'user-1' },
        streamId: 'joke-1',
        streamVersion: 5n,
        transactionId: 5_000n,
        globalPosition: 4_900n,
        createdAt: new Date('2026-01-02T03:04:05.678Z'),
      });
    });

    it('takes the $store note out of the metadata, keeping its schema version and append id', () => {
      const event = recorded({ metadata: { actor: 'user-1', $store: { schemaVersion: 3, appendId: 'append-1' } } });
      expect(toStoredEvent(event)).toMatchObject({ schemaVersion: 3, metadata: { actor: 'user-1' } });
      expect(appendIdOf(event)).toBe('append-1');
      expect(appendIdOf(recorded())).toBeUndefined();
    });

    it('refuses an event without its $all position instead of inventing a cursor', () => {
      expect(() => toStoredEvent(recorded({ position: undefined }))).toThrow('without its $all position');
    });

    it("tells the product's events from KurrentDB's own and from links", () => {
      expect(isProductEvent(recorded())).toBe(true);
      expect(isProductEvent(recorded({ type: '$metadata' }))).toBe(false);
      expect(isProductEvent(recorded({ streamId: '$stats-127.0.0.1:2113' }))).toBe(false);
      expect(isProductEvent({ ...recorded(), link: recorded().event } as ResolvedEvent)).toBe(false);
    });
  });
});
