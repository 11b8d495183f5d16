import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@jokes/event-store';
import { toRelayMessage } from './relay-message.js';

const event = (metadata: Record<string, unknown>): StoredEvent => ({
  type: 'JokeGenerated',
  data: { jokeId: 'j-1', text: 'A joke' },
  eventId: '6f1c1b0e-8d3e-4f5a-9a51-0b5d7e1f2a3c',
  schemaVersion: 2,
  metadata,
  streamId: 'joke-j-1',
  streamVersion: 3n,
  globalPosition: 42n,
  transactionId: 9001n,
  createdAt: new Date('2026-05-01T10:00:00.000Z'),
});

describe('relay message', () => {
  it('is keyed by the stream and carries type, id, correlation and trace context as headers', () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const message = toRelayMessage(event({ correlationId: 'corr-1', causationId: 'cmd-1', traceparent, actor: 'user-1' }));
    expect(message.key).toBe('joke-j-1');
    expect(message.headers).toEqual({
      'event-type': 'JokeGenerated',
      'event-id': '6f1c1b0e-8d3e-4f5a-9a51-0b5d7e1f2a3c',
      'stream-version': '3',
      'content-type': 'application/json',
      'correlation-id': 'corr-1',
      'causation-id': 'cmd-1',
      traceparent,
    });
  });

  it('has the whole event as JSON, its position written as the product writes positions', () => {
    const message = toRelayMessage(event({ correlationId: 'corr-1' }));
    expect(JSON.parse(message.value)).toEqual({
      eventId: '6f1c1b0e-8d3e-4f5a-9a51-0b5d7e1f2a3c',
      type: 'JokeGenerated',
      streamId: 'joke-j-1',
      streamVersion: 3,
      position: '9001.42',
      schemaVersion: 2,
      createdAt: '2026-05-01T10:00:00.000Z',
      data: { jokeId: 'j-1', text: 'A joke' },
      metadata: { correlationId: 'corr-1' },
    });
  });

  it('leaves out headers the event has no metadata for', () => {
    const message = toRelayMessage(event({ traceparent: '', correlationId: 7 }));
    expect(Object.keys(message.headers).sort()).toEqual(['content-type', 'event-id', 'event-type', 'stream-version']);
  });
});
