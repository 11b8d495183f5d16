import type { RecoveryToken } from '../../../shared/auth/use-auth';

/** What the reset page found in its address (SPEC 2 '/reset-password-confirm'). */
export type ResetLink =
  | { kind: 'token'; recovery: RecoveryToken; /** The hash is not a clean recovery hash; the form is still offered. */ invalidHash: boolean }
  | { kind: 'expired' }
  | { kind: 'missing' };

const EXPIRED = /expired/i;

function linkError(params: URLSearchParams): string | null {
  const code = params.get('error_code');
  const description = params.get('error_description');
  if (code === null && description === null && params.get('error') === null) return null;
  return `${code ?? ''} ${description ?? ''}`;
}

/**
 * The recovery token comes from the hash (access_token with type=recovery) or
 * from a `code` query parameter; an auth server that refused the link says so
 * with error parameters (GoTrue's otp_expired) in either place.
 */
export function readResetLink(search: string, hash: string): ResetLink {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));

  const refusal = linkError(fragment) ?? linkError(query);
  if (refusal !== null && EXPIRED.test(refusal)) return { kind: 'expired' };

  const accessToken = fragment.get('access_token');
  if (accessToken) {
    return {
      kind: 'token',
      recovery: { source: 'hash', token: accessToken },
      invalidHash: fragment.get('type') !== 'recovery',
    };
  }
  const code = query.get('code');
  if (code) {
    return { kind: 'token', recovery: { source: 'code', token: code }, invalidHash: fragment.toString() !== '' };
  }
  return { kind: 'missing' };
}

/** SPEC 2 '/auth': a ?code= there is a reset link; the reset page gets it as a recovery token in the hash. */
export function recoveryHashForCode(code: string): string {
  return `#${new URLSearchParams({ access_token: code, type: 'recovery' }).toString()}`;
}
