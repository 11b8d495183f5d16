import { z } from 'zod';
import { defineContract } from '../contract.js';

/** What the browser needs before it can start: where auth lives and its public key. */
export const publicConfig = z.object({
  /** Null: the product's own auth service on this origin (/auth/v1). */
  supabaseUrl: z.string().nullable(),
  supabaseAnonKey: z.string(),
  /** The development mailbox is open to this caller: mail goes to the file outbox, not production, and the request comes from this machine. */
  devMailbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const getPublicConfig = defineContract({
  name: 'getPublicConfig',
  method: 'GET',
  path: '/api/config',
  side: 'query',
  response: publicConfig,
});

/** The anon key of the product's own auth service; a hosted project has its own. */
export const LOCAL_ANON_KEY = 'local-anon-key';

/**
 * Where the web keeps the auth session (supabase-js `storageKey`, local storage
 * of the product's origin). Pages the server renders on that origin, such as
 * the local billing portal, read the signed-in user's access token from it.
 */
export const AUTH_STORAGE_KEY = 'standup-jokes-auth';
