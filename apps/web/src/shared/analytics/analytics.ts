import type { Joke, SharePlatformValue } from '@jokes/contracts';

/**
 * Analytics seam (SPEC 3 'Analytics events', plus the page-view tracker's
 * views). The places that record an event only call `trackEvent`; the
 * activity reporter (activity-reporting.ts) subscribes and sends them to the
 * server. The last events are also kept in memory for debugging.
 */

/** What an event says about the joke it concerns (never who made it). */
export type JokeFacts = Pick<Joke, 'comedian_style' | 'length' | 'topic'>;

export type AnalyticsEvent =
  | { name: 'page_view'; path: string }
  | ({ name: 'generate_joke' } & JokeFacts)
  /** SPEC 3: the value is the rating. */
  | ({ name: 'rate_joke'; value: number } & JokeFacts)
  /** SPEC 3: the platform, twitter being X ('x'). */
  | ({ name: 'share_joke'; platform: SharePlatformValue } & JokeFacts);

export interface TrackedEvent {
  event: AnalyticsEvent;
  occurredAt: Date;
}

type Listener = (tracked: TrackedEvent) => void;

// Enough for a session's worth of debugging without growing without bound.
const BUFFER_LIMIT = 200;
const buffer: TrackedEvent[] = [];
const listeners = new Set<Listener>();

export function trackEvent(event: AnalyticsEvent, occurredAt: Date = new Date()): void {
  const tracked = { event, occurredAt };
  buffer.push(tracked);
  if (buffer.length > BUFFER_LIMIT) buffer.shift();
  for (const listener of listeners) listener(tracked);
}

export function subscribeAnalytics(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function recordedEvents(): readonly AnalyticsEvent[] {
  return buffer.map((tracked) => tracked.event);
}
