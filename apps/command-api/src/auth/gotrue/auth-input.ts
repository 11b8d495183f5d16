import { findUnsafeInput, text } from '@jokes/contracts';
import { z } from 'zod';
import type { Pkce } from '../persistence/one-time-tokens.repository.js';
import { AuthErrors } from './gotrue-error.js';

/** supabase-js sends nulls for absent PKCE fields and extra fields (gotrue_meta_security): both are fine. */
export const pkceFields = {
  code_challenge: text().nullish(),
  code_challenge_method: text().nullish(),
};

/**
 * Parses an auth request body; GoTrue answers 400 validation_failed for a malformed one.
 * Every string in it, nested `data` (user metadata) included, must pass the
 * contracts' text rule first (no NUL, no lone surrogate), whatever the schema says.
 */
export function parseAuthBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const unsafe = findUnsafeInput(body);
  if (unsafe) throw AuthErrors.validation(`${unsafe.path.join('.') || 'body'}: ${unsafe.reason}`);
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw AuthErrors.validation(issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request body');
  }
  return result.data;
}

const emailSchema = text().trim().email().max(320);

/** GoTrue's own wording for an address it cannot use. */
export function requireEmail(value: unknown): string {
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) throw AuthErrors.invalidEmail();
  return parsed.data;
}

/** The PKCE challenge of a request that starts a flow (sign-up, recover), if it is one. */
export function pkceOf(body: { code_challenge?: string | null; code_challenge_method?: string | null }): Pkce | undefined {
  if (!body.code_challenge) return undefined;
  const method = (body.code_challenge_method ?? '').toLowerCase();
  if (method !== 's256' && method !== 'plain') {
    throw AuthErrors.validation('code_challenge_method must be s256 or plain');
  }
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(body.code_challenge)) {
    throw AuthErrors.validation('code_challenge must be 43 to 128 URL-safe characters (RFC 7636)');
  }
  return { codeChallenge: body.code_challenge, codeChallengeMethod: method };
}
