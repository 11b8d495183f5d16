import { describe, expect, it } from '@jest/globals';
import { SessionLifetimeRequest, SHORT_SESSION_LIFETIME_S } from './session-lifetime';

function recordingFetch() {
  const bodies: { url: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    bodies.push({ url: String(input), body: JSON.parse(String(init?.body ?? '{}')) });
    return new Response('{}');
  };
  return { bodies, fetchImpl };
}

const passwordGrant = 'http://localhost/auth/v1/token?grant_type=password';
const init = { method: 'POST', body: JSON.stringify({ email: 'a@b.c', password: 'secret1' }) };

describe('session lifetime (remember-me off)', () => {
  it('is added to the password sign-in that asked for it', async () => {
    const lifetime = new SessionLifetimeRequest();
    const { bodies, fetchImpl } = recordingFetch();
    const wrapped = lifetime.wrap(fetchImpl);

    await lifetime.during(SHORT_SESSION_LIFETIME_S, () => wrapped(passwordGrant, init));

    expect(bodies[0]?.body).toEqual({ email: 'a@b.c', password: 'secret1', session_lifetime: 86_400 });
  });

  it('is left out with remember-me on, after the sign-in, and from other calls', async () => {
    const lifetime = new SessionLifetimeRequest();
    const { bodies, fetchImpl } = recordingFetch();
    const wrapped = lifetime.wrap(fetchImpl);

    await lifetime.during(null, () => wrapped(passwordGrant, init));
    await lifetime.during(SHORT_SESSION_LIFETIME_S, () => wrapped('http://localhost/auth/v1/token?grant_type=refresh_token', init));
    await wrapped(passwordGrant, init);

    expect(bodies.map(({ body }) => body)).toEqual([
      { email: 'a@b.c', password: 'secret1' },
      { email: 'a@b.c', password: 'secret1' },
      { email: 'a@b.c', password: 'secret1' },
    ]);
  });
});
