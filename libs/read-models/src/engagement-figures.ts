import {
  SHARE_PLATFORMS,
  type JokeGenerated,
  type JokeRated,
  type JokeRating,
  type JokeShared,
  type SharePlatform,
  type SubscriptionActivated,
  type TrialStarted,
  type UserRegistered,
  type VisitorActivityRecorded,
} from '@jokes/domain';

/**
 * What one event contributes to the engagement report and the funnel. The
 * projections (through the read models' `keyOf`/`evolve`) and `npm run report`
 * (replaying the stream in memory) both go through these functions, so the
 * figures the dashboard shows and the figures the command line prints agree.
 */

export { SHARE_PLATFORMS, type SharePlatform };

/** The UTC calendar day of an ISO 8601 time. */
export function utcDay(iso: string): string {
  // The server writes UTC ('...Z'); a time with an offset (a browser's occurred_at) is converted.
  if (iso.length >= 20 && iso.endsWith('Z') && iso[10] === 'T') return iso.slice(0, 10);
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso.slice(0, 10) : new Date(time).toISOString().slice(0, 10);
}

/** 'Dating  Apps ' and 'dating apps' are one topic; an empty topic reads '(none)'. */
export function normaliseTopic(topic: string | null | undefined): string {
  return (topic ?? '').trim().toLowerCase().replace(/\s+/g, ' ') || '(none)';
}

/** The report's smallest grouping of jokes: a day, a comedian, a length and a normalised topic. */
export interface EngagementCell {
  day: string;
  comedian_style: string;
  length: string;
  topic: string;
}

function cellOf(at: string, data: { comedianStyle: string; length: string; topic: string }): EngagementCell {
  return { day: utcDay(at), comedian_style: data.comedianStyle, length: data.length, topic: normaliseTopic(data.topic) };
}

/** A joke generated counts in the cell of its day, comedian, length and topic. */
export const generationCell = (event: JokeGenerated): EngagementCell => cellOf(event.data.generatedAt, event.data);

/** A share counts in its joke's cell, on the day of the share, for its platform. */
export const shareOf = (event: JokeShared): { cell: EngagementCell; platform: SharePlatform } => ({
  cell: cellOf(event.data.sharedAt, event.data),
  platform: event.data.platform,
});

/**
 * A user's current rating of a joke, dated by when it was last set: rating
 * again replaces it (wherever it was counted), so histograms and averages
 * describe the ratings that hold now.
 */
export interface CurrentRating {
  joke_id: string;
  user_id: string;
  cell: EngagementCell;
  rating: JokeRating;
}

export const ratingOf = (event: JokeRated): CurrentRating => ({
  joke_id: event.data.jokeId,
  user_id: event.data.userId,
  cell: cellOf(event.data.ratedAt, event.data),
  rating: event.data.rating,
});

/** One item a visitor's browser reported, on the UTC day it happened. */
export interface VisitorActivity {
  day: string;
  visitor_id: string;
  page_view: boolean;
  generated: boolean;
  /** Rated or shared: the funnel's "engaged" step. */
  engaged: boolean;
}

export const activityOf = (event: VisitorActivityRecorded): VisitorActivity => ({
  day: utcDay(event.data.occurredAt),
  visitor_id: event.data.visitorId,
  page_view: event.data.name === 'page_view',
  generated: event.data.name === 'generate_joke',
  engaged: event.data.name === 'rate_joke' || event.data.name === 'share_joke',
});

export type FunnelStep = 'signed_up' | 'trials' | 'paid';
export type FunnelEvent = UserRegistered | TrialStarted | SubscriptionActivated;
export const FUNNEL_EVENT_TYPES = ['UserRegistered', 'TrialStarted', 'SubscriptionActivated'] as const satisfies readonly FunnelEvent['type'][];

/** Sign-ups, trials and first payments (a subscription's activation is its first successful payment). */
export function funnelStepOf(event: FunnelEvent): { day: string; step: FunnelStep } {
  switch (event.type) {
    case 'UserRegistered':
      return { day: utcDay(event.data.registeredAt), step: 'signed_up' };
    case 'TrialStarted':
      return { day: utcDay(event.data.startedAt), step: 'trials' };
    case 'SubscriptionActivated':
      return { day: utcDay(event.data.activatedAt), step: 'paid' };
    default: {
      const _exhaustive: never = event;
      throw new Error(`not a funnel event: ${(_exhaustive as { type: string }).type}`);
    }
  }
}

/** Ratings of 1..5 stars, by star. */
export type Histogram = [number, number, number, number, number];

export const emptyHistogram = (): Histogram => [0, 0, 0, 0, 0];

/** The average of the histogram's ratings to two decimals, null with none. */
export function ratingAverage(histogram: readonly number[]): number | null {
  const count = histogram.reduce((sum, n) => sum + n, 0);
  if (count === 0) return null;
  const stars = histogram.reduce((sum, n, index) => sum + n * (index + 1), 0);
  // Integers in, one division, one rounding: every path that has the same counts prints the same figure.
  return Math.round((stars * 100) / count) / 100;
}

/** A day filter, both ends included; a missing end is open. */
export interface DayRange {
  from?: string | null;
  to?: string | null;
}

export const inRange = (day: string, { from, to }: DayRange): boolean => (!from || day >= from) && (!to || day <= to);

/** Code-unit order, the same in every process and locale (the API and the CLI sort alike). */
export const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
