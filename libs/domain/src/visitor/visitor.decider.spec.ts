import { describe, expect, it } from '@jest/globals';
import { givenWhenThen } from '../testing/index.js';
import { visitorDecider, type RecordVisitorActivity, type VisitorActivityItem } from './visitor.decider.js';
import { visitorStreamId, type VisitorActivityRecorded } from './visitor.events.js';

const given = givenWhenThen(visitorDecider);

const visitorId = '0b6f2a4e-3c1d-4e5f-9a8b-7c6d5e4f3a2b';
const now = new Date('2025-03-15T18:00:00.000Z');

const item = (overrides: Partial<VisitorActivityItem> = {}): VisitorActivityItem => ({
  name: 'page_view',
  occurredAt: '2025-03-15T17:59:58.000Z',
  path: '/',
  comedianStyle: null,
  length: null,
  topic: null,
  platform: null,
  value: null,
  ...overrides,
});

const record = (...items: VisitorActivityItem[]): RecordVisitorActivity => ({ type: 'RecordVisitorActivity', data: { visitorId, items } });

const recorded = (overrides: Partial<VisitorActivityRecorded['data']> = {}): VisitorActivityRecorded => ({
  type: 'VisitorActivityRecorded',
  data: {
    visitorId,
    name: 'page_view',
    occurredAt: '2025-03-15T17:59:58.000Z',
    receivedAt: '2025-03-15T18:00:00.000Z',
    path: '/',
    comedianStyle: null,
    length: null,
    topic: null,
    platform: null,
    value: null,
    ...overrides,
  },
});

describe('RecordVisitorActivity', () => {
  it('records one event per item, in order, with when it arrived', () => {
    const rating = item({ name: 'rate_joke', path: null, comedianStyle: 'Ali Wong', length: 'short', topic: 'cats', value: 4 });
    given([])
      .when(record(item(), rating), { now })
      .then([recorded(), recorded({ name: 'rate_joke', path: null, comedianStyle: 'Ali Wong', length: 'short', topic: 'cats', value: 4 })]);
  });

  it('records a visitor who already has activity the same way', () => {
    given([recorded()]).when(record(item({ name: 'share_joke', path: null, platform: 'x' })), { now }).then([
      recorded({ name: 'share_joke', path: null, platform: 'x' }),
    ]);
  });

  it('keeps only the pathname of a page view: a query or fragment may carry a token', () => {
    given([]).when(record(item({ path: '/auth?token=secret#type=recovery' })), { now }).then([recorded({ path: '/auth' })]);
  });

  it('dates activity from a fast browser clock no later than its arrival', () => {
    given([]).when(record(item({ occurredAt: '2025-03-15T19:00:00.000Z' })), { now }).then([recorded({ occurredAt: '2025-03-15T18:00:00.000Z' })]);
  });

  it('keeps the time of an item queued offline for up to 24 hours', () => {
    given([]).when(record(item({ occurredAt: '2025-03-14T18:00:00.000Z' })), { now }).then([recorded({ occurredAt: '2025-03-14T18:00:00.000Z' })]);
  });

  it('clamps analytics items dated more than 24 hours before their arrival to the arrival, so nobody rewrites an earlier day', () => {
    given([])
      .when(record(item({ occurredAt: '2025-03-14T17:59:59.999Z' }), item({ occurredAt: '2025-03-01T09:00:00.000Z' }), item()), { now })
      .then([recorded({ occurredAt: '2025-03-15T18:00:00.000Z' }), recorded({ occurredAt: '2025-03-15T18:00:00.000Z' }), recorded()]);
  });

  it('writes a time sent with an offset in UTC', () => {
    given([]).when(record(item({ occurredAt: '2025-03-15T19:59:58+02:00' })), { now }).then([recorded()]);
  });
});

describe('visitorStreamId', () => {
  it('names the stream of one visitor by their anonymous id', () => {
    expect(visitorStreamId(visitorId)).toBe(`visitor-${visitorId}`);
  });
});
