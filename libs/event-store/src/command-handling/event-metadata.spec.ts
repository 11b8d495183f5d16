import { describe, expect, it } from '@jest/globals';
import { eventMetadata } from './event-metadata.js';

const origin = { correlationId: 'corr-1', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', idempotencyKey: 'key-1' };
const time = new Date('2026-05-01T20:00:00Z');

describe('eventMetadata', () => {
  it('records who, why, when and the request the events came from', () => {
    expect(eventMetadata({ ...origin, actor: 'user-1', causationId: 'cmd-1', time, command: 'RateJoke' })).toEqual({
      correlationId: 'corr-1',
      causationId: 'cmd-1',
      actor: 'user-1',
      traceparent: origin.traceparent,
      idempotencyKey: 'key-1',
      command: 'RateJoke',
      time: '2026-05-01T20:00:00.000Z',
    });
  });

  it('leaves out what the request did not carry instead of storing it empty', () => {
    const metadata = eventMetadata({ correlationId: 'corr-1', actor: 'anonymous', causationId: 'cmd-1', time });
    expect(Object.keys(metadata).sort()).toEqual(['actor', 'causationId', 'correlationId', 'time']);
  });

  it("keeps a path's own fields but never lets them replace the standard ones", () => {
    const metadata = eventMetadata(
      { correlationId: 'corr-1', actor: 'billing-clock', causationId: 'evt_1', time },
      { webhookEventId: 'evt_1', actor: 'someone-else', time: 'yesterday' },
    );
    expect(metadata).toMatchObject({ webhookEventId: 'evt_1', actor: 'billing-clock', time: '2026-05-01T20:00:00.000Z' });
  });
});
