import { EXPORT_FORMAT, type PersonalDataExport } from '@jokes/contracts';
import { evolveUser, initialUserState, jokeOnTheWire, USER_EVENT_TYPES, type JokeEvent, type UserEvent } from '@jokes/domain';
import type { StoredEvent } from '@jokes/event-store';
import { subscriptionTimeline } from '../billing/support/subscription-timeline.js';

const USER_TYPES = new Set<string>(USER_EVENT_TYPES);

/** Everything the product holds about one person, generated from their events (opened with their key). */
export interface PersonalEvents {
  userId: string;
  /** `user-{id}`, opened. */
  user: readonly StoredEvent[];
  /** JokeGenerated, JokeRated, JokeShared, JokeReported and JokeUnpublished of this user, and JokeWithdrawn of their jokes, in order. */
  jokes: readonly StoredEvent[];
  /** `subscription-{id}`. */
  subscription: readonly StoredEvent[];
}

/**
 * The export document (issue 11, contract exportMyData). Pure: the events and
 * the time in, the document out. Amounts are in the currency's major unit.
 */
export function personalDataExport(events: PersonalEvents, generatedAt: Date): PersonalDataExport | null {
  const userEvents = events.user.filter((event) => USER_TYPES.has(event.type)) as unknown as (StoredEvent & UserEvent)[];
  const state = userEvents.reduce(evolveUser, initialUserState());
  if (state.status !== 'registered') return null;

  const jokes = new Map<string, PersonalDataExport['jokes'][number]>();
  const ratings: PersonalDataExport['ratings'] = [];
  const shares: PersonalDataExport['shares'] = [];
  const reports: PersonalDataExport['reports'] = [];
  const unpublished: PersonalDataExport['unpublished'] = [];
  for (const stored of events.jokes) {
    const event = stored as unknown as JokeEvent;
    if (event.type === 'JokeGenerated') {
      // The export is the owner's: their jokes without the owner, each with their own rating (below).
      const { user_id: _owner, ...joke } = jokeOnTheWire(event.data);
      jokes.set(joke.id, { ...joke, rating: null });
    } else if (event.type === 'JokeRated') {
      ratings.push({ joke_id: event.data.jokeId, rating: event.data.rating, rated_at: event.data.ratedAt });
      const own = jokes.get(event.data.jokeId);
      if (own) own.rating = event.data.rating;
    } else if (event.type === 'JokeShared') {
      shares.push({ joke_id: event.data.jokeId, platform: event.data.platform, shared_at: event.data.sharedAt });
    } else if (event.type === 'JokeReported') {
      reports.push({ joke_id: event.data.jokeId, reason: event.data.reason, reported_at: event.data.reportedAt });
    } else if (event.type === 'JokeUnpublished') {
      unpublished.push({ joke_id: event.data.jokeId, unpublished_at: event.data.unpublishedAt });
    } else if (event.type === 'JokeWithdrawn') {
      // Taken down by support: the product no longer hands its text out, the owner's export included.
      // Their ratings and shares of it stay: those are the person's own acts, not the joke.
      jokes.delete(event.data.jokeId);
    }
  }

  const timeline = subscriptionTimeline(events.userId, events.subscription).timeline;
  const payments: PersonalDataExport['subscription']['payments'] = [];
  for (const entry of timeline) {
    const data = entry.data as { amountPaid?: number; amountDue?: number; currency?: string };
    if (entry.type === 'SubscriptionActivated' || entry.type === 'SubscriptionRenewed') {
      payments.push({ at: entry.occurred_at, amount: (data.amountPaid ?? 0) / 100, currency: data.currency ?? '', status: 'paid' });
    } else if (entry.type === 'PaymentFailed') {
      payments.push({ at: entry.occurred_at, amount: (data.amountDue ?? 0) / 100, currency: data.currency ?? '', status: 'failed' });
    }
  }

  return {
    format: EXPORT_FORMAT,
    generated_at: generatedAt.toISOString(),
    user: {
      id: state.userId,
      email: state.email,
      username: state.username,
      created_at: state.registeredAt,
      email_confirmed_at: state.emailConfirmedAt,
      roles: [...state.roles],
      selected_voice_id: state.selectedVoiceId,
    },
    jokes: [...jokes.values()],
    ratings,
    shares,
    reports,
    unpublished,
    voice: userEvents.flatMap((event) => (event.type === 'VoicePreferenceChanged' ? [{ voice_id: event.data.voiceId, changed_at: event.data.changedAt }] : [])),
    subscription: { events: timeline.map((entry) => ({ type: entry.type, at: entry.occurred_at, summary: entry.summary })), payments },
    sign_ins: userEvents.flatMap((event) => (event.type === 'SignedIn' ? [{ at: event.data.signedInAt, method: event.data.method }] : [])),
  };
}

/** `standup-jokes-data-YYYY-MM-DD.json`, the day of the export. */
export function exportFileName(generatedAt: Date): string {
  return `standup-jokes-data-${generatedAt.toISOString().slice(0, 10)}.json`;
}
