import { describe, it } from '@jest/globals';
import { JokeNotFoundError } from '../errors.js';
import { givenWhenThen } from '../testing/index.js';
import { jokeDecider, type DismissJokeReports, type RateJoke, type ReportJoke, type RetractJokeReport, type ShareJoke, type WithdrawJoke } from './joke.decider.js';
import { jokeGenerated } from '../testing/joke.fixtures.js';
import type { JokeReported, JokeReportRetracted, JokeReportsDismissed, JokeWithdrawn, ReportReason } from './joke.events.js';

const given = givenWhenThen(jokeDecider);

const now = new Date('2025-03-16T08:00:00.000Z');
const context = { now };

const generated = jokeGenerated({ generatedAt: '2025-03-14T09:26:53.000Z' });

const report = (userId = 'reader-1', reason: ReportReason = 'offensive'): ReportJoke => ({ type: 'ReportJoke', data: { jokeId: 'joke-1', userId, reason } });
const reported = (reporterId = 'reader-1', reason: ReportReason = 'offensive'): JokeReported => ({
  type: 'JokeReported',
  data: { jokeId: 'joke-1', reporterId, reason, reportedAt: now.toISOString() },
});
const retract = (userId = 'reader-1'): RetractJokeReport => ({ type: 'RetractJokeReport', data: { jokeId: 'joke-1', userId } });
const retracted = (reporterId = 'reader-1', reason: ReportReason = 'offensive'): JokeReportRetracted => ({
  type: 'JokeReportRetracted',
  data: { jokeId: 'joke-1', reporterId, reason, retractedAt: now.toISOString() },
});
const withdraw: WithdrawJoke = { type: 'WithdrawJoke', data: { jokeId: 'joke-1', reason: 'copyright' } };
const withdrawn: JokeWithdrawn = { type: 'JokeWithdrawn', data: { jokeId: 'joke-1', userId: 'owner', reason: 'copyright', withdrawnAt: now.toISOString() } };
const dismiss: DismissJokeReports = { type: 'DismissJokeReports', data: { jokeId: 'joke-1' } };
const dismissed = (reports: number): JokeReportsDismissed => ({ type: 'JokeReportsDismissed', data: { jokeId: 'joke-1', reports, dismissedAt: now.toISOString() } });
const rate: RateJoke = { type: 'RateJoke', data: { jokeId: 'joke-1', userId: 'reader-1', rating: 4 } };
const share: ShareJoke = { type: 'ShareJoke', data: { jokeId: 'joke-1', userId: null, visitorId: 'visitor-1', platform: 'x' } };

describe('ReportJoke', () => {
  describe('when the joke is up', () => {
    it('records the reason, the reporter and the time', () => {
      given([generated]).when(report('reader-1', 'copyright'), context).then([reported('reader-1', 'copyright')]);
    });

    it('reports once per user and joke: a second report by the same user appends nothing', () => {
      given([generated, reported()]).when(report('reader-1', 'other'), context).then([]);
    });

    it('takes a report from another user', () => {
      given([generated, reported()]).when(report('reader-2'), context).then([reported('reader-2')]);
    });

    it('keeps a user to one report after support dismissed it', () => {
      given([generated, reported(), dismissed(1)]).when(report(), context).then([]);
    });
  });

  it('refuses a report of an unknown joke with JokeNotFoundError', () => {
    given([]).when(report(), context).thenThrows(JokeNotFoundError);
  });

  it('refuses a report of a withdrawn joke with JokeNotFoundError', () => {
    given([generated, withdrawn]).when(report(), context).thenThrows(JokeNotFoundError);
  });
});

describe('RetractJokeReport', () => {
  it("takes back the reporter's open report, with its reason", () => {
    given([generated, reported('reader-1', 'copyright')]).when(retract('reader-1'), context).then([retracted('reader-1', 'copyright')]);
  });

  it('appends nothing for a report never made or already taken back', () => {
    given([generated, reported('reader-2')]).when(retract('reader-1'), context).then([]);
    given([generated, reported(), retracted()]).when(retract(), context).then([]);
  });

  it('appends nothing for a report support already dismissed', () => {
    given([generated, reported(), dismissed(1)]).when(retract(), context).then([]);
  });

  it('lets the reporter report the joke again after taking their report back', () => {
    given([generated, reported(), retracted()]).when(report('reader-1', 'other'), context).then([reported('reader-1', 'other')]);
  });

  it('leaves support to dismiss only the reports still open', () => {
    given([generated, reported('reader-1'), reported('reader-2'), retracted('reader-1')]).when(dismiss, context).then([dismissed(1)]);
    given([generated, reported(), retracted()]).when(dismiss, context).then([]);
  });

  it('refuses to take back a report of an unknown or withdrawn joke with JokeNotFoundError', () => {
    given([]).when(retract(), context).thenThrows(JokeNotFoundError);
    given([generated, reported(), withdrawn]).when(retract(), context).thenThrows(JokeNotFoundError);
  });
});

describe('WithdrawJoke', () => {
  it("withdraws a joke with the reason and the owner's id", () => {
    given([generated, reported()]).when(withdraw, context).then([withdrawn]);
  });

  it('withdraws a joke nobody reported (a complaint that came by mail)', () => {
    given([generated]).when(withdraw, context).then([withdrawn]);
  });

  it('withdraws once: withdrawing again appends nothing', () => {
    given([generated, withdrawn]).when(withdraw, context).then([]);
  });

  it('refuses to withdraw an unknown joke with JokeNotFoundError', () => {
    given([]).when(withdraw, context).thenThrows(JokeNotFoundError);
  });

  describe('when the joke was withdrawn', () => {
    it('refuses to rate it with JokeNotFoundError', () => {
      given([generated, withdrawn]).when(rate, context).thenThrows(JokeNotFoundError);
    });

    it('refuses to share it with JokeNotFoundError', () => {
      given([generated, withdrawn]).when(share, context).thenThrows(JokeNotFoundError);
    });
  });
});

describe('DismissJokeReports', () => {
  it('dismisses the open reports, counting them', () => {
    given([generated, reported('reader-1'), reported('reader-2')]).when(dismiss, context).then([dismissed(2)]);
  });

  it('appends nothing when no report is open', () => {
    given([generated, reported(), dismissed(1)]).when(dismiss, context).then([]);
  });

  it('counts only the reports since the last dismissal', () => {
    given([generated, reported('reader-1'), dismissed(1), reported('reader-2')]).when(dismiss, context).then([dismissed(1)]);
  });

  it('refuses to dismiss the reports of a withdrawn joke with JokeNotFoundError', () => {
    given([generated, reported(), withdrawn]).when(dismiss, context).thenThrows(JokeNotFoundError);
  });
});
