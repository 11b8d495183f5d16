import { recordVisitorActivity } from '@jokes/contracts';
import { randomUuid } from '../ids/random-uuid';
import { ActivityReporter, type ActivityTransport } from './activity-reporter';
import { toActivityItem } from './activity-item';
import { subscribeAnalytics } from './analytics';
import { visitorId } from './visitor-id';

/** 409 is the same key still running; 429 and 5xx pass. Any other 4xx would be refused again. */
const worthRetrying = (status: number) => status >= 500 || status === 409 || status === 429;

/** fetch(keepalive) and sendBeacon to `recordVisitorActivity`; no session: the server stores none with activity. */
export function browserTransport(url: string = recordVisitorActivity.path): ActivityTransport {
  return {
    async send(body, idempotencyKey) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          keepalive: true,
          credentials: 'omit',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'Idempotency-Key': idempotencyKey },
          body,
        });
        if (response.ok) return 'sent';
        return worthRetrying(response.status) ? 'failed' : 'refused';
      } catch {
        return 'failed';
      }
    },
    beacon(body) {
      try {
        return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
      } catch {
        return false;
      }
    },
  };
}

/**
 * Sends every tracked event to the server from now on (called once, at boot):
 * batched while the page is visible, by beacon when it is hidden or left.
 * Returns a function that stops it.
 */
export function startActivityReporting(transport: ActivityTransport = browserTransport()): () => void {
  const reporter = new ActivityReporter({ transport, visitorId: () => visitorId(), newKey: randomUuid });
  const unsubscribe = subscribeAnalytics((tracked) => {
    const item = toActivityItem(tracked);
    if (item !== null) reporter.record(item);
  });
  // 'hidden' is the last moment a mobile browser reliably gives a page; pagehide covers closing and leaving.
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') reporter.flushOnHide();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', reporter.flushOnHide);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', reporter.flushOnHide);
    reporter.flushOnHide();
  };
}
