import type { DecisionReading } from '../decision-reading.js';
import type { SafetyCategory } from '../safety/safety-categories.js';
import { findComedian, type Comedian } from '../catalogue/comedians.js';
import { lengthSpec, type JokeLength } from '../catalogue/lengths.js';
import { InvalidJokeError, JokeAlreadyGeneratedError, JokeNotFoundError, PremiumRequiredError, UnknownComedianError } from '../errors.js';
import {
  evolveJoke,
  initialJokeState,
  type JokeEvent,
  type JokeFacts,
  type JokeGenerated,
  type JokeRated,
  type JokeRefused,
  type JokeRating,
  type JokeReported,
  type JokeReportRetracted,
  type JokeReportsDismissed,
  type JokeShared,
  type JokeState,
  type JokeUnpublished,
  type JokeRemovedFromHistory,
  type JokeWithdrawn,
  type RefusalStage,
  type ReportReason,
  type SharePlatform,
} from './joke.events.js';

export type GenerateJoke = {
  type: 'GenerateJoke';
  data: {
    jokeId: string;
    userId: string | null;
    comedianStyle: string;
    /** May be empty: the writer then suggests one. */
    topic: string;
    length: JokeLength;
    /** Sent by Make Me Laugh; honoured only for what that button can send. */
    bypassPremiumCheck: boolean;
    /** The writer is asked to suggest the topic (Make Me Laugh always asks). */
    aiSuggestTopic: boolean;
  };
};

/** A signed-in user rates a joke (theirs or one they were shown); the handler has checked who they are. */
export type RateJoke = { type: 'RateJoke'; data: { jokeId: string; userId: string; rating: JokeRating } };

/** Anyone shares a joke; `userId` only when signed in, `visitorId` always. */
export type ShareJoke = {
  type: 'ShareJoke';
  data: { jokeId: string; userId: string | null; visitorId: string; platform: SharePlatform };
};

/** The owner takes their joke's public page down; the handler has checked who they are. */
export type UnpublishJoke = { type: 'UnpublishJoke'; data: { jokeId: string; userId: string } };

/** The owner deletes their joke from their History; the route has checked who they are. */
export type RemoveJokeFromHistory = { type: 'RemoveJokeFromHistory'; data: { jokeId: string; userId: string } };

/** A signed-in user reports a joke to support; the handler has checked who they are. */
export type ReportJoke = { type: 'ReportJoke'; data: { jokeId: string; userId: string; reason: ReportReason } };

/** A reporter takes back their open report; the route has checked who they are. */
export type RetractJokeReport = { type: 'RetractJokeReport'; data: { jokeId: string; userId: string } };

/** Support takes a joke down; the handler has checked the role and names the staff member in the metadata. */
export type WithdrawJoke = { type: 'WithdrawJoke'; data: { jokeId: string; reason: ReportReason } };

/** Support leaves a reported joke up: its open reports leave the queue. */
export type DismissJokeReports = { type: 'DismissJokeReports'; data: { jokeId: string } };

export type JokeCommand = GenerateJoke | RateJoke | ShareJoke | UnpublishJoke | RemoveJokeFromHistory | ReportJoke | RetractJokeReport | WithdrawJoke | DismissJokeReports;

/** The moderator's refusal of a generate: where it stopped it, why, and who judged. */
export interface ContentRefusal {
  stage: RefusalStage;
  category: SafetyCategory;
  moderator: string;
}

/** The written text the moderator allowed, or the moderator's refusal (of the topic, when nothing was written, or of the joke). */
export type WrittenOrRefused =
  | { written: { content: string; topic: string; topicSuggested: boolean; writer: string; form?: string }; refusal?: undefined }
  | { refusal: ContentRefusal; written?: undefined };

/** What the handler gathered before deciding: the clock, the subscription, and what came of writing. */
export type GenerateJokeContext = { now: Date; isPro: boolean } & WrittenOrRefused;

/** What each command needs besides the state, gathered by its handler. */
export interface JokeContexts {
  GenerateJoke: GenerateJokeContext;
  RateJoke: { now: Date };
  ShareJoke: { now: Date };
  UnpublishJoke: { now: Date };
  RemoveJokeFromHistory: { now: Date };
  ReportJoke: { now: Date };
  RetractJokeReport: { now: Date };
  WithdrawJoke: { now: Date };
  DismissJokeReports: { now: Date };
}
export type JokeContext = JokeContexts[JokeCommand['type']];

/** What decides who may generate what: the request, without whose it is. */
export type GenerateAccessRequest = Omit<GenerateJoke['data'], 'jokeId' | 'userId'>;

export interface GenerateAccess {
  comedian: Comedian;
  /** The Make Me Laugh bypass was honoured. */
  premiumBypass: boolean;
}

/**
 * Make Me Laugh sends a name from its list, the short length, an empty topic,
 * an AI-suggested topic and the bypass flag (SPEC section 9). The flag is
 * honoured only for exactly that, so a hand-made request cannot use it to
 * unlock a premium style, a length or a topic of its own choosing.
 */
const isMakeMeLaughRequest = (comedian: Comedian, request: GenerateAccessRequest): boolean =>
  comedian.makeMeLaugh && request.length === 'short' && request.topic.trim() === '' && request.aiSuggestTopic;

/**
 * Who may generate what. The handler calls it before paying for the joke
 * writer, and `decide` calls it again so the rule holds on its own.
 */
export function checkGenerateAccess(request: GenerateAccessRequest, isPro: boolean): GenerateAccess {
  const comedian = findComedian(request.comedianStyle);
  if (!comedian) throw new UnknownComedianError(request.comedianStyle);

  const premiumBypass = request.bypassPremiumCheck && isMakeMeLaughRequest(comedian, request);
  const needsPro = comedian.tier === 'premium' || lengthSpec(request.length).tier === 'premium';
  if (needsPro && !isPro && !premiumBypass) throw new PremiumRequiredError();

  return { comedian, premiumBypass };
}

function generateJoke(command: GenerateJoke, state: JokeState, context: GenerateJokeContext): Array<JokeGenerated | JokeRefused> {
  const { jokeId, userId, length } = command.data;
  if (state.status !== 'absent') throw new JokeAlreadyGeneratedError(jokeId);

  const { comedian, premiumBypass } = checkGenerateAccess(command.data, context.isPro);

  if (context.refusal) {
    // The refused text stays out of the stream: only why, where, and the request's shape.
    const { stage, category, moderator } = context.refusal;
    return [{ type: 'JokeRefused', data: { jokeId, comedianStyle: comedian.name, length, stage, category, moderator, refusedAt: context.now.toISOString() } }];
  }

  const content = context.written.content.trim();
  if (content === '') throw new InvalidJokeError('A joke cannot be empty');
  const topic = context.written.topic.trim();
  if (topic === '') throw new InvalidJokeError('A joke needs a topic');

  return [
    {
      type: 'JokeGenerated',
      data: {
        jokeId,
        userId,
        comedianStyle: comedian.name,
        topic,
        topicSuggested: context.written.topicSuggested,
        length,
        content,
        writer: context.written.writer,
        // Left out rather than stored empty, so a writer without forms writes the events it always did.
        ...(context.written.form === undefined ? {} : { form: context.written.form }),
        premiumBypass,
        generatedAt: context.now.toISOString(),
      },
    },
  ];
}

type Generated = Extract<JokeState, { status: 'generated' }>;

/** A withdrawn joke is not found, for every command: nobody can rate, share or report what was taken down. */
function generatedJoke(state: JokeState, jokeId: string): Generated {
  if (state.status !== 'generated') throw new JokeNotFoundError(jokeId);
  return state;
}

/** What a later event copies of the joke (see JokeFacts). */
const factsOf = ({ comedianStyle, length, topic }: Generated): JokeFacts => ({ comedianStyle, length, topic });

function rateJoke({ data }: RateJoke, state: JokeState, { now }: JokeContexts['RateJoke']): JokeRated[] {
  const joke = generatedJoke(state, data.jokeId);
  if (!Number.isInteger(data.rating) || data.rating < 1 || data.rating > 5) {
    throw new InvalidJokeError('A rating is a whole number from 1 to 5');
  }
  // hasOwn: a user id is only ever a key here, never 'constructor' from the prototype.
  const previousRating = Object.hasOwn(joke.ratings, data.userId) ? joke.ratings[data.userId]! : null;
  // Saying the same again is not news: a repeated click or retry records nothing.
  if (previousRating === data.rating) return [];
  return [
    {
      type: 'JokeRated',
      data: {
        jokeId: joke.jokeId,
        userId: data.userId,
        rating: data.rating,
        previousRating,
        ...factsOf(joke),
        ...(joke.form === undefined ? {} : { form: joke.form }),
        ratedAt: now.toISOString(),
      },
    },
  ];
}

function shareJoke({ data }: ShareJoke, state: JokeState, { now }: JokeContexts['ShareJoke']): JokeShared[] {
  const joke = generatedJoke(state, data.jokeId);
  return [
    {
      type: 'JokeShared',
      data: {
        jokeId: joke.jokeId,
        userId: data.userId,
        visitorId: data.visitorId,
        platform: data.platform,
        ...factsOf(joke),
        sharedAt: now.toISOString(),
      },
    },
  ];
}

function unpublishJoke({ data }: UnpublishJoke, state: JokeState, { now }: JokeContexts['UnpublishJoke']): JokeUnpublished[] {
  const joke = generatedJoke(state, data.jokeId);
  // Someone else's joke is, to them, not there: a stranger learns nothing about whose it is.
  if (joke.userId === null || joke.userId !== data.userId) throw new JokeNotFoundError(data.jokeId);
  // Already down by the owner's word: a second press or a retry records nothing.
  if (joke.unpublished) return [];
  return [{ type: 'JokeUnpublished', data: { jokeId: joke.jokeId, userId: data.userId, unpublishedAt: now.toISOString() } }];
}

function removeJokeFromHistory({ data }: RemoveJokeFromHistory, state: JokeState, { now }: JokeContexts['RemoveJokeFromHistory']): (JokeUnpublished | JokeRemovedFromHistory)[] {
  const joke = generatedJoke(state, data.jokeId);
  // As with unpublishing: someone else's joke is, to them, not there.
  if (joke.userId === null || joke.userId !== data.userId) throw new JokeNotFoundError(data.jokeId);
  if (joke.removedFromHistory) return [];
  const removed: JokeRemovedFromHistory = { type: 'JokeRemovedFromHistory', data: { jokeId: joke.jokeId, userId: data.userId, removedAt: now.toISOString() } };
  // Its public page goes with it: once it has left History, its owner has nowhere left to take the page down from.
  if (joke.unpublished) return [removed];
  return [{ type: 'JokeUnpublished', data: { jokeId: joke.jokeId, userId: data.userId, unpublishedAt: now.toISOString() } }, removed];
}

function reportJoke({ data }: ReportJoke, state: JokeState, { now }: JokeContexts['ReportJoke']): JokeReported[] {
  const joke = generatedJoke(state, data.jokeId);
  // One report per user and joke: a second press or a retry is already known, not a new complaint.
  if (Object.hasOwn(joke.reporters, data.userId)) return [];
  return [{ type: 'JokeReported', data: { jokeId: joke.jokeId, reporterId: data.userId, reason: data.reason, reportedAt: now.toISOString() } }];
}

function retractJokeReport({ data }: RetractJokeReport, state: JokeState, { now }: JokeContexts['RetractJokeReport']): JokeReportRetracted[] {
  const joke = generatedJoke(state, data.jokeId);
  // Nothing of theirs open to take back (never reported, already taken back, or dismissed by support): a repeat records nothing.
  if (!Object.hasOwn(joke.openReports, data.userId)) return [];
  const reason = joke.openReports[data.userId]!;
  return [{ type: 'JokeReportRetracted', data: { jokeId: joke.jokeId, reporterId: data.userId, reason, retractedAt: now.toISOString() } }];
}

function withdrawJoke({ data }: WithdrawJoke, state: JokeState, { now }: JokeContexts['WithdrawJoke']): JokeWithdrawn[] {
  // Withdrawn once: two staff members acting on the same report both get their way, and one fact is kept.
  if (state.status === 'withdrawn') return [];
  const joke = generatedJoke(state, data.jokeId);
  return [{ type: 'JokeWithdrawn', data: { jokeId: joke.jokeId, userId: joke.userId, reason: data.reason, withdrawnAt: now.toISOString() } }];
}

function dismissJokeReports({ data }: DismissJokeReports, state: JokeState, { now }: JokeContexts['DismissJokeReports']): JokeReportsDismissed[] {
  const joke = generatedJoke(state, data.jokeId);
  const reports = Object.keys(joke.openReports).length;
  if (reports === 0) return [];
  return [{ type: 'JokeReportsDismissed', data: { jokeId: joke.jokeId, reports, dismissedAt: now.toISOString() } }];
}

/** What each command's decision reads of the joke's stream (see DecisionReading). */
const JOKE_READING: { readonly [Type in JokeCommand['type']]: DecisionReading } = {
  // The id was made just before: nothing to read.
  GenerateJoke: { newStream: true },
  // Another reader's rating or share in between changes nothing this user's rating depends on.
  RateJoke: { retries: 3 },
  // A share of a joke that exists is always recorded. It needs only the joke's first event (that it was
  // generated, its style, length and topic: JokeGenerated is always version 1) and its last (a withdrawal,
  // after which the joke takes nothing more), so a share never fails for another share or a rating written at
  // the same time, and costs the same on the thousandth share. (A share read just before a withdrawal commits
  // can still land after it: the read models drop the joke either way.)
  ShareJoke: { decidesOnFirst: 1n },
  // The same reading: a last JokeUnpublished makes a second press append nothing, and any other last event
  // (a share, a rating) may hide an earlier unpublish, in which case a second JokeUnpublished is appended,
  // which changes nothing anyone reads. So a joke shared 50,000 times costs the same to take down.
  UnpublishJoke: { decidesOnFirst: 1n },
  // The same reading, for the same reason: a last JokeRemovedFromHistory makes a second press append nothing;
  // one hidden behind a later share or rating makes it append again, which changes nothing anyone reads.
  RemoveJokeFromHistory: { decidesOnFirst: 1n },
  // Ratings, shares and other reports in between change nothing these decide on.
  ReportJoke: { retries: 3 },
  RetractJokeReport: { retries: 3 },
  WithdrawJoke: { retries: 3 },
  DismissJokeReports: { retries: 3 },
};

/** The `joke-{id}` stream's rules (see jokeStreamId): pure, with time, subscription and text passed in. */
export const jokeDecider = {
  decide(command: JokeCommand, state: JokeState, context: JokeContext): JokeEvent[] {
    switch (command.type) {
      case 'GenerateJoke':
        // The contexts differ by command; the handler that sent GenerateJoke gathered the written joke or its refusal.
        if (!('written' in context) && !('refusal' in context)) throw new Error('GenerateJoke needs the written joke or its refusal in its context');
        return generateJoke(command, state, context);
      case 'RateJoke':
        return rateJoke(command, state, context);
      case 'ShareJoke':
        return shareJoke(command, state, context);
      case 'UnpublishJoke':
        return unpublishJoke(command, state, context);
      case 'RemoveJokeFromHistory':
        return removeJokeFromHistory(command, state, context);
      case 'ReportJoke':
        return reportJoke(command, state, context);
      case 'RetractJokeReport':
        return retractJokeReport(command, state, context);
      case 'WithdrawJoke':
        return withdrawJoke(command, state, context);
      case 'DismissJokeReports':
        return dismissJokeReports(command, state, context);
      default: {
        const _exhaustive: never = command;
        throw new Error(`Unknown command: ${JSON.stringify(command)}`);
      }
    }
  },
  evolve: evolveJoke,
  initialState: initialJokeState,
  reading: JOKE_READING,
};
