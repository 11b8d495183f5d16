import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { startAuthApp, type AuthApp } from '../../testing/auth-app.js';

// Against the real command API; the header plays the client, as the edge sets it from the socket.
let app: AuthApp;
beforeAll(async () => {
  app = await startAuthApp({ AUTH_RATE_LIMIT_PER_IP: '2', AUTH_RATE_LIMIT_WINDOW_SECONDS: String(365 * 86_400) });
}, 60_000);
afterAll(async () => {
  await app?.stop();
}, 30_000);

let counter = 0;
const uniqueEmail = () => `limits-${Date.now()}-${++counter}@example.com`;

const post = (path: string, body: object, client: string) =>
  fetch(`${app.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });

const requests = {
  signup: (client: string) => post('/signup', { email: uniqueEmail(), password: 'correct horse', data: { age_confirmed: true } }, client),
  recover: (client: string) => post('/recover', { email: uniqueEmail() }, client),
  resend: (client: string) => post('/resend', { type: 'signup', email: uniqueEmail() }, client),
};

describe('requests that may send a mail', () => {
  it.each(Object.entries(requests))('%s counts an IPv6 client by its /64, so new addresses of one subscriber do not buy more requests', async (kind, send) => {
    const subnet = `2001:db8:${Object.keys(requests).indexOf(kind) + 1}:7`;
    const statuses = [];
    for (const host of ['1', '2', '3']) statuses.push((await send(`${subnet}::${host}`)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('counts sign-up, recover and resend together', async () => {
    const client = '192.0.2.40';
    const answers = [await requests.signup(client), await requests.recover(client), await requests.resend(client)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(await answers[2]!.json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
  });
});
