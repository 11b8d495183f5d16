/** SPEC 5 and 9: with remember-me off, the session is asked to last 86400 seconds. */
export const SHORT_SESSION_LIFETIME_S = 86_400;

/**
 * How the password sign-in tells the auth server the lifetime it wants. The
 * mechanism is not settled yet (SPEC 7: "further sign-in call details: not
 * shown"): until it is, a `session_lifetime` field in the body of the password
 * grant. Changing the mechanism is a change to this one function.
 */
export function withSessionLifetime(init: RequestInit, seconds: number): RequestInit {
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
  return { ...init, body: JSON.stringify({ ...body, session_lifetime: seconds }) };
}

const isPasswordGrant = (url: string) => {
  const { pathname, searchParams } = new URL(url, 'http://relative.invalid');
  return pathname.endsWith('/auth/v1/token') && searchParams.get('grant_type') === 'password';
};

/**
 * supabase-js's signInWithPassword takes no such option, so the auth client
 * gets a fetch that adds the lifetime to the one sign-in that asked for it.
 */
export class SessionLifetimeRequest {
  private requested: number | null = null;

  /** Runs `signIn` with the lifetime asked for (null: the server's default). */
  async during<T>(seconds: number | null, signIn: () => Promise<T>): Promise<T> {
    this.requested = seconds;
    try {
      return await signIn();
    } finally {
      this.requested = null;
    }
  }

  wrap(fetchImpl: typeof fetch): typeof fetch {
    return (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (this.requested === null || init === undefined || !isPasswordGrant(url)) return fetchImpl(input, init);
      return fetchImpl(input, withSessionLifetime(init, this.requested));
    };
  }
}
