import type {
  JokeGenerated,
  JokeLength,
  JokeRated,
  JokeRating,
  JokeShared,
  SharePlatform,
  SubscriptionActivated,
  TrialStarted,
  UserRegistered,
  VisitorActivityName,
  VisitorActivityRecorded,
} from '@jokes/domain';
import { mulberry32 } from '@jokes/domain';

/**
 * A reproducible log of what visitors do, as the command side would append it:
 * page views and analytics batches on `visitor-{id}`, jokes generated, rated
 * (and re-rated, sometimes days later) and shared on `joke-{id}`, sign-ups,
 * trials and first payments. Topics come in the spellings people type, so
 * normalisation is exercised. Used by the report's tests and its benchmark.
 */

export type EngagementLogEvent = JokeGenerated | JokeRated | JokeShared | VisitorActivityRecorded | UserRegistered | TrialStarted | SubscriptionActivated;

export interface LoggedEvent {
  streamId: string;
  event: EngagementLogEvent & { metadata: Record<string, string> };
}

export interface EngagementLogOptions {
  /** Exactly this many events. */
  events: number;
  seed?: number;
  /** The first day (UTC), default 2026-03-01. */
  start?: string;
  /** Days the log spans, default 14. */
  days?: number;
}

const STYLES = ['Ali Wong', 'Mitch Hedberg', 'Jerry Seinfeld', 'Tig Notaro', 'John Mulaney', 'Maria Bamford', 'Bo Burnham', 'Nate Bargatze'];
const TOPICS = ['cats', 'Cats', '  cats ', 'dating apps', 'Dating  Apps', 'airports', 'the dentist', 'IKEA furniture', 'ikea   furniture', 'passwords', ''];
const LENGTHS: readonly JokeLength[] = ['one-liner', 'short', 'short', 'medium', 'long'];
const PLATFORMS: readonly SharePlatform[] = ['x', 'facebook', 'instagram', 'snapchat', 'sms', 'copy'];
const PATHS = ['/', '/', '/history', '/subscribe', '/account'];
const DAY_MS = 86_400_000;

export function* engagementLog(options: EngagementLogOptions): Generator<LoggedEvent> {
  const rand = mulberry32(options.seed ?? 20260301);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const hex = (digits: number) => Array.from({ length: digits }, () => Math.floor(rand() * 16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  const start = Date.parse(`${options.start ?? '2026-03-01'}T00:00:00.000Z`);
  const span = (options.days ?? 14) * DAY_MS;
  const total = options.events;
  let produced = 0;
  let sequence = 0;
  // Spread evenly over the span, a millisecond apart within a visit.
  const now = () => new Date(start + Math.floor((produced / total) * span) + (sequence++ % 1000)).toISOString();
  const metadata = (actor: string, command: string, time: string) => ({ correlationId: uuid(), causationId: uuid(), actor, command, time });

  const visitors: string[] = [];
  const users: string[] = [];
  const rated: { joke: JokeGenerated['data']; userId: string; rating: JokeRating }[] = [];

  function* emit(streamId: string, event: EngagementLogEvent, actor: string, command: string): Generator<LoggedEvent> {
    if (produced >= total) return;
    produced++;
    yield { streamId, event: { ...event, metadata: metadata(actor, command, now()) } as LoggedEvent['event'] };
  }

  while (produced < total) {
    const returning = visitors.length > 0 && rand() < 0.4;
    const visitorId = returning ? pick(visitors.slice(-500)) : uuid();
    if (!returning) visitors.push(visitorId);
    const userId = users.length > 0 && rand() < 0.5 ? pick(users) : null;
    const items: { name: VisitorActivityName; at: string; path?: string; joke?: JokeGenerated['data']; platform?: SharePlatform; value?: number }[] = [];
    const jokeEvents: { streamId: string; event: EngagementLogEvent; command: string }[] = [];

    for (let views = 1 + Math.floor(rand() * 3); views > 0; views--) items.push({ name: 'page_view', at: now(), path: pick(PATHS) });
    for (let jokes = Math.floor(rand() * 3); jokes > 0; jokes--) {
      const joke: JokeGenerated['data'] = {
        jokeId: uuid(),
        userId,
        comedianStyle: pick(STYLES),
        topic: pick(TOPICS),
        topicSuggested: false,
        length: pick(LENGTHS),
        content: 'I told my therapist about my group chat and she started charging me double. Now we only talk by voicemail.',
        writer: 'offline',
        premiumBypass: false,
        generatedAt: now(),
      };
      const streamId = `joke-${joke.jokeId}`;
      jokeEvents.push({ streamId, event: { type: 'JokeGenerated', data: joke }, command: 'GenerateJoke' });
      items.push({ name: 'generate_joke', at: joke.generatedAt, joke });
      if (userId && rand() < 0.45) {
        const rating = (1 + Math.floor(rand() * 5)) as JokeRating;
        const ratedAt = now();
        jokeEvents.push({ streamId, event: rated_(joke, userId, rating, null, ratedAt), command: 'RateJoke' });
        items.push({ name: 'rate_joke', at: ratedAt, joke, value: rating });
        rated.push({ joke, userId, rating });
      }
      if (rand() < 0.2) {
        const platform = pick(PLATFORMS);
        const sharedAt = now();
        jokeEvents.push({
          streamId,
          event: { type: 'JokeShared', data: { jokeId: joke.jokeId, userId, visitorId, platform, comedianStyle: joke.comedianStyle, length: joke.length, topic: joke.topic, sharedAt } },
          command: 'ShareJoke',
        });
        items.push({ name: 'share_joke', at: sharedAt, joke, platform });
      }
    }
    // Someone changes an earlier rating, often on a later day than the first.
    if (rated.length > 0 && rand() < 0.15) {
      const earlier = rated[Math.floor(rand() * rated.length)]!;
      const rating = (((earlier.rating + Math.floor(rand() * 4)) % 5) + 1) as JokeRating;
      jokeEvents.push({ streamId: `joke-${earlier.joke.jokeId}`, event: rated_(earlier.joke, earlier.userId, rating, earlier.rating, now()), command: 'RateJoke' });
      earlier.rating = rating;
    }

    const receivedAt = now();
    for (const item of items) {
      const activity: VisitorActivityRecorded = {
        type: 'VisitorActivityRecorded',
        data: {
          visitorId,
          name: item.name,
          occurredAt: item.at,
          receivedAt,
          path: item.path ?? null,
          comedianStyle: item.joke?.comedianStyle ?? null,
          length: item.joke?.length ?? null,
          topic: item.joke?.topic ?? null,
          platform: item.platform ?? null,
          value: item.value ?? null,
        },
      };
      yield* emit(`visitor-${visitorId}`, activity, 'anonymous', 'RecordVisitorActivity');
    }
    for (const { streamId, event, command } of jokeEvents) yield* emit(streamId, event, userId ?? 'anonymous', command);

    if (rand() < 0.04) {
      const newUser = uuid();
      users.push(newUser);
      const registered: UserRegistered = {
        type: 'UserRegistered',
        data: { userId: newUser, email: `${newUser}@example.com`, username: newUser, ageConfirmed: true, rememberMe: true, registeredAt: now() },
      };
      yield* emit(`user-${newUser}`, registered, newUser, 'SignUp');
    }
    if (userId && rand() < 0.02) {
      const subject = { userId, subscriptionId: `sub_${hex(14)}` };
      const startedAt = now();
      const trial: TrialStarted = { type: 'TrialStarted', data: { ...subject, plan: 'monthly', trialEndsAt: new Date(Date.parse(startedAt) + 3 * DAY_MS).toISOString(), startedAt } };
      yield* emit(`subscription-${userId}`, trial, 'billing-provider', 'StartTrial');
      if (rand() < 0.5) {
        const activated: SubscriptionActivated = {
          type: 'SubscriptionActivated',
          data: { ...subject, plan: 'monthly', invoiceId: `in_${hex(14)}`, amountPaid: 499, currency: 'usd', currentPeriodEnd: trial.data.trialEndsAt, fromTrial: true, activatedAt: now() },
        };
        yield* emit(`subscription-${userId}`, activated, 'billing-clock', 'ActivateSubscription');
      }
    }
  }
}

function rated_(joke: JokeGenerated['data'], userId: string, rating: JokeRating, previousRating: JokeRating | null, ratedAt: string): JokeRated {
  return {
    type: 'JokeRated',
    data: { jokeId: joke.jokeId, userId, rating, previousRating, comedianStyle: joke.comedianStyle, length: joke.length, topic: joke.topic, ratedAt },
  };
}
