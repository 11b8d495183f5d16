import type { JokeLength } from '../catalogue/lengths.js';
import type { SafetyCategory } from '../safety/safety-categories.js';

/**
 * A joke was written and handed to its reader. The payload stands alone (who,
 * which style, what it said, which writer) so history and analytics never
 * need to look anything else up.
 */
export type JokeGenerated = {
  type: 'JokeGenerated';
  data: {
    jokeId: string;
    /** Null for an anonymous visitor. */
    userId: string | null;
    /** The catalogue's spelling of the style, whatever casing the request used. */
    comedianStyle: string;
    topic: string;
    /** The writer chose the topic because the request left it empty. */
    topicSuggested: boolean;
    length: JokeLength;
    content: string;
    /** Which writer produced it, e.g. 'offline' or 'openai:gpt-4o-mini'. */
    writer: string;
    /**
     * The writer's form (template family) that produced it, e.g.
     * 'deadpan/punchline/1k9x3q', so ratings can teach the writer which forms
     * land. Only writers with forms (the offline one) set it; events written
     * before it existed have none, and every reader treats it as absent.
     */
    form?: string;
    /** Make Me Laugh's bypass was honoured, so the premium check did not apply. */
    premiumBypass: boolean;
    /** ISO 8601. */
    generatedAt: string;
  };
};

/**
 * What the events after JokeGenerated copy of the joke, as it has them (the
 * catalogue's spelling of the style), so reports never look the joke up.
 */
export type JokeFacts = Pick<JokeGenerated['data'], 'comedianStyle' | 'length' | 'topic'>;

/** A rating a user can give a joke: whole stars, one to five. */
export type JokeRating = 1 | 2 | 3 | 4 | 5;

/**
 * A signed-in user rated a joke, or changed their rating (`previousRating`
 * set). Rating again with the same value records nothing. The joke's style,
 * length and topic are copied in so reports never look the joke up.
 */
export type JokeRated = {
  type: 'JokeRated';
  data: JokeFacts & {
    jokeId: string;
    userId: string;
    rating: JokeRating;
    /** This user's rating of this joke before, null for their first. */
    previousRating: JokeRating | null;
    /** The joke's form, copied like its style (absent where JokeGenerated has none). */
    form?: string;
    /** ISO 8601. */
    ratedAt: string;
  };
};

/** Where the Share menu sent a joke (SPEC section 2); X was once Twitter. */
export const SHARE_PLATFORMS = ['x', 'facebook', 'instagram', 'snapchat', 'sms', 'copy'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

/** Someone, signed in or not, shared a joke from its Share menu. */
export type JokeShared = {
  type: 'JokeShared';
  data: JokeFacts & {
    jokeId: string;
    /** Null for an anonymous visitor. */
    userId: string | null;
    /** The browser's anonymous visitor id (a random UUID it keeps), never personal data. */
    visitorId: string;
    platform: SharePlatform;
    /** ISO 8601. */
    sharedAt: string;
  };
};

/**
 * The joke's owner took its public page (`/j/{id}`) down from History. Shares
 * are still counted; only the owner's own share publishes it again, so a
 * stranger who kept the link cannot put it back up.
 */
export type JokeUnpublished = {
  type: 'JokeUnpublished';
  data: {
    jokeId: string;
    /** The owner, who alone may unpublish (and republish) it. */
    userId: string;
    /** ISO 8601. */
    unpublishedAt: string;
  };
};

/**
 * The owner deleted the joke from their History: it leaves their list for good
 * (the decider takes its public page down first, with JokeUnpublished). The
 * event stream keeps it, as it keeps everything: their data export still lists
 * it, and an account's erasure still reaches it. Ratings and shares already
 * given stay counted in the reports, which hold no text of it.
 */
export type JokeRemovedFromHistory = {
  type: 'JokeRemovedFromHistory';
  data: {
    jokeId: string;
    /** The owner, who alone may remove it. */
    userId: string;
    /** ISO 8601. */
    removedAt: string;
  };
};

/**
 * Why a joke is reported, and why support takes one down: one closed list, so
 * the queue counts by it and no free text (which could name a person) is kept.
 */
export const REPORT_REASONS = ['offensive', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * A signed-in user reported a joke to support. The details they may type go to
 * nobody's event: free text can name a person, and the queue needs only the reason.
 */
export type JokeReported = {
  type: 'JokeReported';
  data: {
    jokeId: string;
    reporterId: string;
    reason: ReportReason;
    /** ISO 8601. */
    reportedAt: string;
  };
};

/**
 * A reporter took back their open report (sent by mistake, or they changed
 * their mind): it leaves support's queue, and they may report the joke again.
 * The reason is the report's, so the queue's count by reason drops with it.
 */
export type JokeReportRetracted = {
  type: 'JokeReportRetracted';
  data: {
    jokeId: string;
    reporterId: string;
    reason: ReportReason;
    /** ISO 8601. */
    retractedAt: string;
  };
};

/**
 * Support took a joke down (the Copyright Notice's removal within 48 hours).
 * The staff member is the event's `actor` in its metadata. `userId` is the
 * joke's owner (null for a visitor's joke), so their data export finds it.
 */
export type JokeWithdrawn = {
  type: 'JokeWithdrawn';
  data: {
    jokeId: string;
    userId: string | null;
    reason: ReportReason;
    /** ISO 8601. */
    withdrawnAt: string;
  };
};

/** Support looked at the open reports of a joke and left it up; later reports open it again. */
export type JokeReportsDismissed = {
  type: 'JokeReportsDismissed';
  data: {
    jokeId: string;
    /** How many open reports were dismissed. */
    reports: number;
    /** ISO 8601. */
    dismissedAt: string;
  };
};

/** Where the moderator stopped a generate: the typed topic before any writer ran, or the written joke before anyone saw it. */
export const REFUSAL_STAGES = ['topic', 'joke'] as const;
export type RefusalStage = (typeof REFUSAL_STAGES)[number];

/**
 * The moderator refused a generate, so the joke's stream holds this instead of
 * JokeGenerated and the id can never be rated, shared or reported. Only the
 * category and the request's shape are kept: never the topic or the joke, which
 * are what was refused. The person is the event's `actor` in its metadata.
 */
export type JokeRefused = {
  type: 'JokeRefused';
  data: {
    jokeId: string;
    /** The catalogue's spelling of the style. */
    comedianStyle: string;
    length: JokeLength;
    stage: RefusalStage;
    category: SafetyCategory;
    /** Which moderator refused, e.g. 'offline' or 'openai:omni-moderation-latest'. */
    moderator: string;
    /** ISO 8601. */
    refusedAt: string;
  };
};

/** Closed: every consumer's switch must handle each member. */
export type JokeEvent =
  | JokeGenerated
  | JokeRefused
  | JokeRated
  | JokeShared
  | JokeUnpublished
  | JokeRemovedFromHistory
  | JokeReported
  | JokeReportRetracted
  | JokeWithdrawn
  | JokeReportsDismissed;

type FieldOf<Type extends JokeEvent['type']> = keyof Extract<JokeEvent, { type: Type }>['data'] & string;

/**
 * The joke events that are a person's, and the field naming them: what they
 * did on jokes' streams (their own or anyone's), which their export lists and
 * the event store indexes (`EventStore.readByPerson`; on PostgreSQL one index
 * per field, event-store migration 6). A report, and its retraction, name its
 * author as `reporterId`: its joke's owner is not who reported it. `JokeWithdrawn` names
 * the joke's owner, so their export leaves the joke out. A new event that names
 * a person adds its line here, beside its type.
 */
export const JOKE_PERSON_INDEX = {
  JokeGenerated: 'userId',
  JokeRated: 'userId',
  JokeShared: 'userId',
  JokeReported: 'reporterId',
  JokeReportRetracted: 'reporterId',
  JokeWithdrawn: 'userId',
  JokeUnpublished: 'userId',
  JokeRemovedFromHistory: 'userId',
} as const satisfies { readonly [Type in JokeEvent['type']]?: FieldOf<Type> };

export type JokeState =
  | { status: 'absent' }
  | {
      status: 'generated';
      jokeId: string;
      userId: string | null;
      comedianStyle: string;
      topic: string;
      length: JokeLength;
      /** The writer's form, when it has one (see JokeGenerated). */
      form?: string;
      generatedAt: string;
      /** Each user's current rating of this joke, by user id. */
      ratings: Readonly<Record<string, JokeRating>>;
      /** Everyone who reported it and did not take it back, by user id: one report per user and joke. */
      reporters: Readonly<Record<string, true>>;
      /** The reports since support last dismissed them, by reporter: their reason. */
      openReports: Readonly<Record<string, ReportReason>>;
      /** The owner took the public page down and has not shared it since. */
      unpublished: boolean;
      /** The owner removed it from their History (see JokeRemovedFromHistory). */
      removedFromHistory: boolean;
    }
  /** Taken down by support: to every command it is as if it had never been written. */
  | { status: 'withdrawn'; jokeId: string }
  /** Refused by the moderator: never written or shown, so no command finds it. */
  | { status: 'refused'; jokeId: string };

/** Every joke has a stream of its own; the id is made by the handler before the joke exists. */
export function jokeStreamId(jokeId: string): string {
  return `joke-${jokeId}`;
}

export const initialJokeState = (): JokeState => ({ status: 'absent' });

export function evolveJoke(state: JokeState, event: JokeEvent): JokeState {
  switch (event.type) {
    case 'JokeGenerated': {
      const { jokeId, userId, comedianStyle, topic, length, form, generatedAt } = event.data;
      return {
        status: 'generated', jokeId, userId, comedianStyle, topic, length, ...(form === undefined ? {} : { form }), generatedAt, ratings: {}, reporters: {}, openReports: {}, unpublished: false, removedFromHistory: false,
      };
    }
    case 'JokeRefused':
      return { status: 'refused', jokeId: event.data.jokeId };
    case 'JokeRated': {
      if (state.status !== 'generated') return state;
      return { ...state, ratings: { ...state.ratings, [event.data.userId]: event.data.rating } };
    }
    case 'JokeShared':
      // Only the owner's own share undoes their unpublishing (see JokeUnpublished); other shares change nothing decided on.
      if (state.status !== 'generated' || !state.unpublished || event.data.userId !== state.userId) return state;
      return { ...state, unpublished: false };
    case 'JokeUnpublished':
      return state.status === 'generated' ? { ...state, unpublished: true } : state;
    case 'JokeRemovedFromHistory':
      return state.status === 'generated' ? { ...state, removedFromHistory: true } : state;
    case 'JokeReported': {
      if (state.status !== 'generated') return state;
      const { reporterId, reason } = event.data;
      return { ...state, reporters: { ...state.reporters, [reporterId]: true }, openReports: { ...state.openReports, [reporterId]: reason } };
    }
    case 'JokeReportRetracted': {
      if (state.status !== 'generated') return state;
      const { [event.data.reporterId]: _retracted, ...reporters } = state.reporters;
      const { [event.data.reporterId]: _open, ...openReports } = state.openReports;
      return { ...state, reporters, openReports };
    }
    case 'JokeReportsDismissed':
      return state.status === 'generated' ? { ...state, openReports: {} } : state;
    case 'JokeWithdrawn':
      return { status: 'withdrawn', jokeId: event.data.jokeId };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
