/**
 * Analytics seam (SPEC 3 'Analytics events'). Events are kept in memory and
 * handed to listeners; no network call yet. A provider plugs in with
 * `subscribeAnalytics` without touching the places that record events.
 */
export type SharePlatformLabel = 'X' | 'Facebook' | 'Instagram' | 'Snapchat' | 'SMS' | 'Copy';

export type AnalyticsEvent =
  | { name: 'page_view'; path: string }
  | { name: 'generate_joke'; comedian: string; length: string }
  | { name: 'rate_joke'; value: number }
  | { name: 'share_joke'; platform: SharePlatformLabel; value: string };

type Listener = (event: AnalyticsEvent) => void;

// Enough for a session's worth of debugging without growing without bound.
const BUFFER_LIMIT = 200;
const buffer: AnalyticsEvent[] = [];
const listeners = new Set<Listener>();

export function trackEvent(event: AnalyticsEvent): void {
  buffer.push(event);
  if (buffer.length > BUFFER_LIMIT) buffer.shift();
  for (const listener of listeners) listener(event);
}

export function subscribeAnalytics(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function recordedEvents(): readonly AnalyticsEvent[] {
  return buffer;
}
