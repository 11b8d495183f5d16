import { afterEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { requestsTo } from '../../testing/accounts';
import { fakeApi, json } from '../../testing/fake-api';
import { catalogue } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { startActivityReporting } from './activity-reporting';
import { trackEvent } from './analytics';
import { VISITOR_ID_KEY } from './visitor-id';

const beacons: { url: string; body: Blob }[] = [];
let stop: (() => void) | null = null;

function startWithBeacon() {
  beacons.length = 0;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      beacons.push({ url, body });
      return true;
    },
  });
  stop = startActivityReporting();
}

function hidePage() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
}

afterEach(() => {
  stop?.();
  stop = null;
});

const joke = { comedian_style: 'Ada Lovelaugh', length: 'short', topic: 'cats' } as const;

describe('analytics reaching the server', () => {
  it('sends what was tracked by sendBeacon, as JSON, when the page is hidden', async () => {
    startWithBeacon();
    trackEvent({ name: 'page_view', path: '/' });
    trackEvent({ name: 'generate_joke', ...joke });

    hidePage();

    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('/api/analytics/events');
    expect(beacons[0]!.body.type).toBe('application/json');
    const body = JSON.parse(await beacons[0]!.body.text()) as { visitor_id: string; events: { name: string }[] };
    expect(body.visitor_id).toBe(localStorage.getItem(VISITOR_ID_KEY));
    expect(body.events.map((event) => event.name)).toEqual(['page_view', 'generate_joke']);
  });

  it('sends on page hide (pagehide) too, and only what had not been sent', async () => {
    startWithBeacon();
    trackEvent({ name: 'page_view', path: '/history' });
    hidePage();
    trackEvent({ name: 'share_joke', platform: 'copy', ...joke });

    window.dispatchEvent(new Event('pagehide'));

    const sent = await Promise.all(beacons.map(async (beacon) => (JSON.parse(await beacon.body.text()) as { events: { name: string }[] }).events));
    expect(sent.map((events) => events.map((event) => event.name))).toEqual([['page_view'], ['share_joke']]);
  });

  it('sends a full batch with fetch(keepalive), without the session and with an Idempotency-Key', async () => {
    const server = fakeApi().on('POST /api/analytics/events', () => json({ accepted: 20, position: '1.1' }));
    startWithBeacon();

    for (let n = 0; n < 20; n++) trackEvent({ name: 'page_view', path: `/page-${n}` });

    const [request] = requestsTo(server, 'POST /api/analytics/events');
    expect(request?.keepalive).toBe(true);
    expect(request?.headers.get('authorization')).toBeNull();
    expect(request?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await request!.json()) as { events: unknown[] }).events).toHaveLength(20);
    expect(beacons).toEqual([]);
  });
});

describe('the page-view tracker', () => {
  it('records a page by its pathname, without the query string', async () => {
    fakeApi().on('GET /api/comedians', () => json(catalogue));
    startWithBeacon();
    renderApp('/auth?mode=reset&email=ann@example.com');
    await screen.findByRole('button', { name: 'Send Reset Link' });

    hidePage();

    const events = (JSON.parse(await beacons[0]!.body.text()) as { events: { name: string; path?: string }[] }).events;
    expect(events.filter((event) => event.name === 'page_view').map((event) => event.path)).toEqual(['/auth']);
  });
});
