import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';
import { joke, jokeRating } from '../jokes/joke.schema.js';

// Issue 11: a person's own data (export), their account's deletion and its
// cancellation. The export is generated from the event store on the command
// side (like the support audit), decrypted with the person's key.

export const EXPORT_FORMAT = 'standup-jokes-export/1';

/** GoTrue-shaped `error_code` of a password sign-in to an account scheduled for deletion (400). */
export const ACCOUNT_PENDING_DELETION = 'account_pending_deletion';

export const exportedUser = z.object({
  id: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  created_at: z.string(),
  email_confirmed_at: z.string().nullable(),
  roles: z.array(z.string()),
  selected_voice_id: z.string().nullable(),
});

/** A joke as every API returns it, less the owner (the export is the owner's): `rating` is their own latest. */
export const exportedJoke = joke.omit({ user_id: true });

export const personalDataExport = z.object({
  format: z.literal(EXPORT_FORMAT),
  generated_at: z.string(),
  user: exportedUser,
  jokes: z.array(exportedJoke),
  ratings: z.array(z.object({ joke_id: z.string(), rating: jokeRating, rated_at: z.string() })),
  shares: z.array(z.object({ joke_id: z.string(), platform: z.string(), shared_at: z.string() })),
  /** Jokes the person reported to support, with the reason (the details they typed were never kept). */
  reports: z.array(z.object({ joke_id: z.string(), reason: z.string(), reported_at: z.string() })),
  /** Their jokes they took off their public pages (a later share of their own puts one back). */
  unpublished: z.array(z.object({ joke_id: z.string(), unpublished_at: z.string() })),
  voice: z.array(z.object({ voice_id: z.string().nullable(), changed_at: z.string() })),
  subscription: z.object({
    events: z.array(z.object({ type: z.string(), at: z.string(), summary: z.string() })),
    payments: z.array(z.object({ at: z.string(), amount: z.number(), currency: z.string(), status: z.string() })),
  }),
  sign_ins: z.array(z.object({ at: z.string(), method: z.string() })),
});
export type PersonalDataExport = z.infer<typeof personalDataExport>;

/** Login required; only one's own user id (403 otherwise). Answered as an attachment `standup-jokes-data-YYYY-MM-DD.json`. */
export const exportMyData = defineContract({
  name: 'exportMyData',
  method: 'GET',
  path: '/api/account/export',
  side: 'command',
  query: z.object({ user_id: text().min(1) }),
  response: personalDataExport,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody },
});

export const requestAccountDeletionRequest = z.object({
  user_id: text().min(1),
  password: text().min(1, 'Please enter your password'),
});
export type RequestAccountDeletionRequest = z.input<typeof requestAccountDeletionRequest>;

export const requestAccountDeletionResponse = z.object({
  /** ISO time after which the account is erased (now + ERASURE_AFTER_DAYS). */
  scheduled_erasure_at: z.string(),
  position: z.string(),
});
export type RequestAccountDeletionResponse = z.infer<typeof requestAccountDeletionResponse>;

/**
 * Login required, own user id. A wrong password is 403 `{ error: 'Incorrect password', message: 'The password is not correct.' }`;
 * already scheduled is 409. Signs out everywhere, cancels an active subscription at the provider, schedules erasure.
 */
export const requestAccountDeletion = defineContract({
  name: 'requestAccountDeletion',
  method: 'POST',
  path: '/api/account/delete',
  side: 'command',
  body: requestAccountDeletionRequest,
  response: requestAccountDeletionResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 409: errorBody },
});

export const cancelAccountDeletionRequest = z.object({
  email: text().email('Please enter a valid email address'),
  password: text().min(1, 'Please enter your password'),
});
export type CancelAccountDeletionRequest = z.input<typeof cancelAccountDeletionRequest>;

/** No session: the password proves it. Wrong credentials, or an account already erased, answer as an unknown account (400). */
export const cancelAccountDeletion = defineContract({
  name: 'cancelAccountDeletion',
  method: 'POST',
  path: '/api/account/cancel-deletion',
  side: 'command',
  body: cancelAccountDeletionRequest,
  response: z.object({ restored: z.literal(true) }),
  errors: { 400: validationErrorBody, 409: errorBody, 429: errorBody },
});
