import { z } from 'zod';
import { defineContract } from '../contract.js';

/** What the browser needs before it can start: where auth lives and its public key. */
export const publicConfig = z.object({
  /** Null: the product's own auth service on this origin (/auth/v1). */
  supabaseUrl: z.string().nullable(),
  supabaseAnonKey: z.string(),
  /** The development mailbox is available (mail goes to the file outbox). */
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
