import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { decodeJwt } from 'jose';
import type { AuthApp } from './auth-app.js';

export interface SignedInUser {
  id: string;
  email: string;
  /** A bearer access token. */
  token: string;
}

let counter = 0;

/** A new confirmed account on the app, signed in by its confirmation link (as the web does). */
export async function signedInUser(app: AuthApp, prefix = 'user'): Promise<SignedInUser> {
  const email = `${prefix}-${Date.now()}-${++counter}@example.com`;
  await fetch(`${app.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse', data: { age_confirmed: true } }),
  });
  await app.settle();
  const [mail] = (await (await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { links: string[] }[];
  const location = (await fetch(mail!.links[0]!, { redirect: 'manual' })).headers.get('location')!;
  const token = new URLSearchParams(new URL(location).hash.slice(1)).get('access_token')!;
  return { id: decodeJwt(token).sub!, email, token };
}
