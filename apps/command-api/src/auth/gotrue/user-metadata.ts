import { AuthErrors } from './gotrue-error.js';

/**
 * What user metadata may weigh, as UTF-8 JSON. The product keeps a handful of
 * flags there (remember_me, email_confirm_requested, a username); 4 KB leaves
 * room for a client's own preferences without letting one account store
 * megabytes or, as before, grow every answer that carries it.
 */
export const USER_METADATA_MAX_BYTES = 4096;

export const metadataBytes = (metadata: Record<string, unknown>): number => Buffer.byteLength(JSON.stringify(metadata), 'utf8');

export const metadataFits = (metadata: Record<string, unknown>): boolean => metadataBytes(metadata) <= USER_METADATA_MAX_BYTES;

/** GoTrue's 400 validation_failed, saying what the bound is and how far over the request went. */
export function metadataTooLarge(metadata: Record<string, unknown>): Error {
  return AuthErrors.validation(
    `User metadata must be at most ${USER_METADATA_MAX_BYTES} bytes as JSON; this request would make it ${metadataBytes(metadata)} bytes`,
  );
}

export function assertMetadataFits(metadata: Record<string, unknown>): void {
  if (!metadataFits(metadata)) throw metadataTooLarge(metadata);
}

/**
 * The user_metadata an access token carries: only the identity fields GoTrue
 * derives from the e-mail identity. Nothing the user wrote goes into the token,
 * so the token stays about 1 KB whatever the metadata holds (every request
 * carries it, and 81 KB tokens made every call answer 431); supabase-js and
 * the web read the metadata from the user object, not from the token.
 */
export function tokenUserMetadata(id: string, email: string, confirmed: boolean): Record<string, unknown> {
  return { sub: id, email, email_verified: confirmed, phone_verified: false };
}
