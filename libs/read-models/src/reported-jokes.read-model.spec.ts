import { describe, expect, it } from '@jest/globals';
import type { JokeReported, ReportReason } from '@jokes/domain';
import { evolveReportedJoke, type ReportedJokeRow } from './reported-jokes.read-model.js';

const jokeId = '7b0c1f1e-0000-4000-8000-000000000001';
const reported = (reason: ReportReason, reportedAt: string): JokeReported => ({ type: 'JokeReported', data: { jokeId, reporterId: `reader-${reportedAt}`, reason, reportedAt } });
const fold = (events: Parameters<typeof evolveReportedJoke>[1][]) => events.reduce<ReportedJokeRow | null>(evolveReportedJoke, null);

describe('reported joke row', () => {
  it('counts open reports by reason and keeps the time of the oldest', () => {
    expect(fold([reported('copyright', '2026-11-20T10:00:00.000Z'), reported('offensive', '2026-11-21T10:00:00.000Z'), reported('copyright', '2026-11-22T10:00:00.000Z')])).toEqual({
      joke_id: jokeId,
      first_reported_at: '2026-11-20T10:00:00.000Z',
      reports: 3,
      reports_offensive: 1,
      reports_copyright: 2,
      reports_other: 0,
    });
  });

  it('drops a report its reporter took back from the count and its reason, and leaves the queue with the last one', () => {
    const first = reported('copyright', '2026-11-20T10:00:00.000Z');
    const second = reported('offensive', '2026-11-21T10:00:00.000Z');
    const retracted = (of: JokeReported) =>
      ({ type: 'JokeReportRetracted', data: { jokeId, reporterId: of.data.reporterId, reason: of.data.reason, retractedAt: '2026-11-22T00:00:00.000Z' } }) as const;
    expect(fold([first, second, retracted(second)])).toEqual({
      joke_id: jokeId,
      first_reported_at: '2026-11-20T10:00:00.000Z',
      reports: 1,
      reports_offensive: 0,
      reports_copyright: 1,
      reports_other: 0,
    });
    expect(fold([first, second, retracted(second), retracted(first)])).toBeNull();
  });

  it('leaves the queue when the joke is withdrawn', () => {
    const withdrawn = { type: 'JokeWithdrawn', data: { jokeId, userId: null, reason: 'copyright', withdrawnAt: '2026-11-21T00:00:00.000Z' } } as const;
    expect(fold([reported('copyright', '2026-11-20T10:00:00.000Z'), withdrawn])).toBeNull();
  });

  it('leaves the queue when its reports are dismissed, and a later report opens it again from that report', () => {
    const dismissed = { type: 'JokeReportsDismissed', data: { jokeId, reports: 1, dismissedAt: '2026-11-21T00:00:00.000Z' } } as const;
    expect(fold([reported('other', '2026-11-20T10:00:00.000Z'), dismissed])).toBeNull();
    expect(fold([reported('other', '2026-11-20T10:00:00.000Z'), dismissed, reported('offensive', '2026-11-23T10:00:00.000Z')])).toMatchObject({
      first_reported_at: '2026-11-23T10:00:00.000Z',
      reports: 1,
      reports_offensive: 1,
      reports_other: 0,
    });
  });
});
