import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';
import { position } from './joke.schema.js';

/** Where a shared joke is published: its page, and the page's card. */
export const publicJokePath = (jokeId: string): string => `/j/${jokeId}`;

/**
 * The card's sizes, one template: square for Instagram and phones' share
 * sheets, 1200×630 for Open Graph and X's large summary card.
 */
export const JOKE_CARD_SIZES = {
  '1080x1080': { width: 1080, height: 1080 },
  '1200x630': { width: 1200, height: 630 },
} as const;
export type JokeCardSize = keyof typeof JOKE_CARD_SIZES;
export const jokeCardPath = (jokeId: string, size: JokeCardSize): string => `/j/${jokeId}/card/${size}.png`;

/** A joke id is a UUID and nothing else: anything else is refused before any lookup. */
const jokeIdParam = text().uuid('must be a joke id');
const cardFile = z.enum(['1080x1080.png', '1200x630.png'] as const satisfies readonly `${JokeCardSize}.png`[]);

/** Read-your-writes on what decides whether the page is up and what it shows. */
const PUBLIC_JOKE_READS = ['published_jokes', 'jokes', 'closed_accounts'] as const;

/**
 * The public page of a shared joke: server-rendered HTML with its Open Graph
 * and Twitter-card tags, for anyone (and crawlers that run no script). 404 for
 * a joke nobody shared, one its owner unpublished, withdrew by support, or one
 * whose owner deleted their account.
 */
export const publicJokePage = defineContract({
  name: 'publicJokePage',
  method: 'GET',
  path: '/j/:id',
  side: 'query',
  params: z.object({ id: jokeIdParam }),
  reads: PUBLIC_JOKE_READS,
  response: z.string(),
  errors: { 400: validationErrorBody, 404: z.string() },
});

/** The PNG card of a published joke, rendered once per joke and size; 404 as the page. */
export const jokeCard = defineContract({
  name: 'jokeCard',
  method: 'GET',
  path: '/j/:id/card/:size',
  side: 'query',
  params: z.object({ id: jokeIdParam, size: cardFile }),
  reads: PUBLIC_JOKE_READS,
  response: z.unknown(),
  errors: { 400: validationErrorBody, 404: errorBody },
});

/** What the owner sends for a command on their own joke (unpublish, remove from history): their user id, checked against the session. */
export const ownJokeRequest = z.object({ user_id: text().min(1) });
export type OwnJokeRequest = z.input<typeof ownJokeRequest>;

/** Sent twice, an owner's command appends nothing the second time and answers the same. */
export const ownJokeResponse = z.object({ id: z.string(), position: position.nullable() });
export type OwnJokeResponse = z.infer<typeof ownJokeResponse>;

/** The owner takes their joke's public page down (from History); 404 for anyone else's joke. */
export const unpublishJoke = defineContract({
  name: 'unpublishJoke',
  method: 'POST',
  path: '/api/jokes/:id/unpublish',
  side: 'command',
  params: z.object({ id: jokeIdParam }),
  body: ownJokeRequest,
  response: ownJokeResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
});

/**
 * The owner deletes a joke from their History, and its public page with it;
 * 404 for anyone else's joke. Not Pro-only: a lapsed subscriber may still tidy
 * what they made.
 */
export const removeJokeFromHistory = defineContract({
  name: 'removeJokeFromHistory',
  method: 'POST',
  path: '/api/jokes/:id/remove-from-history',
  side: 'command',
  params: z.object({ id: jokeIdParam }),
  body: ownJokeRequest,
  response: ownJokeResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
});
