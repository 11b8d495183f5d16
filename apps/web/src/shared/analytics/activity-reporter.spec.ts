import { describe, expect, it } from '@jest/globals';
import { VISITOR_ACTIVITY_MAX_BODY_BYTES, type VisitorActivityItemBody } from '@jokes/contracts';
import { ActivityReporter, type ActivityTransport, type SendOutcome } from './activity-reporter';

const VISITOR = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

interface Sent {
  via: 'fetch' | 'beacon';
  key?: string;
  body: { visitor_id: string; events: VisitorActivityItemBody[] };
}

/** A transport that records what it is given and answers as told; timers run when the spec says. */
function harness({ beaconAccepts = true } = {}) {
  const sent: Sent[] = [];
  const answers: SendOutcome[] = [];
  let answerNext: ((outcome: SendOutcome) => void) | null = null;
  let holdAnswers = false;
  const transport: ActivityTransport = {
    send: (body, key) => {
      sent.push({ via: 'fetch', key, body: JSON.parse(body) as Sent['body'] });
      if (holdAnswers) return new Promise((resolve) => (answerNext = resolve));
      return Promise.resolve(answers.shift() ?? 'sent');
    },
    beacon: (body) => {
      if (!beaconAccepts) return false;
      sent.push({ via: 'beacon', body: JSON.parse(body) as Sent['body'] });
      return true;
    },
  };
  const timers: { callback: () => void; ms: number }[] = [];
  let keys = 0;
  const reporter = new ActivityReporter({
    transport,
    visitorId: () => VISITOR,
    newKey: () => `key-${++keys}`,
    setTimer: (callback, ms) => {
      const timer = { callback, ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  });
  const runTimers = async () => {
    for (const timer of timers.splice(0)) timer.callback();
    await settle();
  };
  return {
    reporter,
    sent,
    timers,
    runTimers,
    answerWith: (...outcomes: SendOutcome[]) => answers.push(...outcomes),
    hold: () => (holdAnswers = true),
    release: async (outcome: SendOutcome) => {
      holdAnswers = false;
      answerNext?.(outcome);
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const view = (n: number): VisitorActivityItemBody => ({ name: 'page_view', occurred_at: '2026-03-01T10:00:00.000Z', path: `/page-${n}` });
const paths = (sent: Sent) => sent.body.events.map((event) => event.path);

describe('batching the visitor activity', () => {
  it('sends nothing at once, then everything waiting 5 s after the first item, in one request', async () => {
    const { reporter, sent, timers, runTimers } = harness();

    reporter.record(view(1));
    reporter.record(view(2));

    expect(sent).toEqual([]);
    expect(timers.map((timer) => timer.ms)).toEqual([5000]);
    await runTimers();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ via: 'fetch', key: 'key-1', body: { visitor_id: VISITOR } });
    expect(paths(sent[0]!)).toEqual(['/page-1', '/page-2']);
  });

  it('sends at once when 20 items are waiting', async () => {
    const { reporter, sent } = harness();

    for (let n = 1; n <= 20; n++) reporter.record(view(n));
    await settle();

    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.events).toHaveLength(20);
  });

  it('keeps a batch to the contract’s 32 KB however long the items are', async () => {
    const { reporter, sent, runTimers } = harness();
    // Every text field at its longest, in characters of three UTF-8 bytes: about 1.8 KB an item, so 20 would not fit.
    const long = (n: number): VisitorActivityItemBody => ({
      ...view(n),
      path: `/${'€'.repeat(299)}`,
      comedian_style: '€'.repeat(100),
      topic: '€'.repeat(200),
    });

    for (let n = 1; n <= 38; n++) reporter.record(long(n));
    await runTimers();

    expect(sent.length).toBeGreaterThan(1);
    for (const batch of sent) {
      expect(new TextEncoder().encode(JSON.stringify(batch.body)).length).toBeLessThanOrEqual(VISITOR_ACTIVITY_MAX_BODY_BYTES);
    }
    expect(sent.flatMap((batch) => batch.body.events)).toHaveLength(38);
  });

  it('sends a batch whose answer was lost again later with the same key, before anything newer', async () => {
    const { reporter, sent, timers, runTimers, answerWith } = harness();
    answerWith('failed');
    reporter.record(view(1));
    await runTimers();
    reporter.record(view(2));

    // The wait doubles after a failure.
    expect(timers.map((timer) => timer.ms)).toEqual([10_000]);
    await runTimers();

    expect(sent.map((batch) => batch.key)).toEqual(['key-1', 'key-1', 'key-2']);
    expect(sent.map(paths)).toEqual([['/page-1'], ['/page-1'], ['/page-2']]);
  });

  it('drops a batch the server refused (a 4xx): sending it again cannot help', async () => {
    const { reporter, sent, runTimers, answerWith } = harness();
    answerWith('refused');
    reporter.record(view(1));
    await runTimers();
    reporter.record(view(2));
    await runTimers();

    expect(sent.map(paths)).toEqual([['/page-1'], ['/page-2']]);
  });
});

describe('when the page is hidden or left', () => {
  it('hands everything waiting to sendBeacon at once', async () => {
    const { reporter, sent, timers } = harness();
    reporter.record(view(1));
    reporter.record(view(2));

    reporter.flushOnHide();

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ via: 'beacon', body: { visitor_id: VISITOR } });
    expect(paths(sent[0]!)).toEqual(['/page-1', '/page-2']);
    expect(timers).toEqual([]);
    expect(reporter.pending).toBe(0);
  });

  it('includes a batch whose send had failed', async () => {
    const { reporter, sent, runTimers, answerWith } = harness();
    answerWith('failed');
    reporter.record(view(1));
    await runTimers();
    reporter.record(view(2));

    reporter.flushOnHide();

    expect(sent.filter((batch) => batch.via === 'beacon').map(paths)).toEqual([['/page-1'], ['/page-2']]);
  });

  it('does not send again a batch already in flight (keepalive carries it)', async () => {
    const { reporter, sent, runTimers, hold, release } = harness();
    hold();
    reporter.record(view(1));
    await runTimers();
    reporter.record(view(2));

    reporter.flushOnHide();
    await release('sent');

    expect(sent.map((batch) => [batch.via, paths(batch)])).toEqual([
      ['fetch', ['/page-1']],
      ['beacon', ['/page-2']],
    ]);
  });

  it('falls back to fetch with keepalive when the browser will not queue the beacon', async () => {
    const { reporter, sent } = harness({ beaconAccepts: false });
    reporter.record(view(1));

    reporter.flushOnHide();

    expect(sent.map((batch) => batch.via)).toEqual(['fetch']);
  });

  it('sends nothing when nothing is waiting', () => {
    const { reporter, sent } = harness();

    reporter.flushOnHide();

    expect(sent).toEqual([]);
  });
});
