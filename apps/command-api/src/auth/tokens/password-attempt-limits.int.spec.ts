import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { startAuthApp, type AuthApp } from '../../testing/auth-app.js';

// The password grant's limits against the real command API. The edge
// overwrites X-Forwarded-For with the socket's address, so here the header
// plays the client: each test speaks from addresses of its own.
let shipped: AuthApp;
let tight: AuthApp;
beforeAll(async () => {
  // One after the other: each reads the environment while it starts.
  shipped = await startAuthApp();
  tight = await startAuthApp({
    AUTH_RATE_LIMIT_PASSWORD_PER_ADDRESS_CLIENT: '3',
    AUTH_RATE_LIMIT_PASSWORD_PER_CLIENT: '5',
    AUTH_RATE_LIMIT_PASSWORD_PER_ADDRESS: '6',
    // One long window, so no test straddles a boundary and sees its count reset.
    AUTH_RATE_LIMIT_WINDOW_SECONDS: String(365 * 86_400),
    AUTH_RATE_LIMIT_PASSWORD_ADDRESS_WINDOW_SECONDS: String(365 * 86_400),
  });
}, 60_000);
afterAll(async () => {
  await Promise.all([shipped?.stop(), tight?.stop()]);
}, 30_000);

const password = 'correct horse';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
let lastOctet = 0;
/** A client address no other test uses. */
const newClient = () => `203.0.${113 + Math.floor(++lastOctet / 250)}.${lastOctet % 250}`;

const post = (app: AuthApp, path: string, body: object, client: string) =>
  fetch(`${app.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });
const signIn = (app: AuthApp, email: string, client: string, pass = password) => post(app, '/token?grant_type=password', { email, password: pass }, client);
const statusOf = async (response: Promise<Response>) => (await response).status;

/** Opens the newest mail to `to` from `client`, as its browser would. */
async function openMailedLink(app: AuthApp, to: string, client: string): Promise<void> {
  await app.settle();
  const mails = (await (await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { links: string[] }[];
  await fetch(mails[0]!.links[0]!, { redirect: 'manual', headers: { 'x-forwarded-for': client } });
}

async function confirmedAccount(app: AuthApp, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await post(app, '/signup', { email, password, data: { age_confirmed: true } }, newClient());
  await openMailedLink(app, email, newClient());
  return email;
}

describe('with the shipped limits', () => {
  it('ten wrong passwords from client A do not stop the right password from client B', async () => {
    const email = await confirmedAccount(shipped, 'owner');
    const [attacker, owner] = [newClient(), newClient()];
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push(await statusOf(signIn(shipped, email, attacker, `guess ${i}`)));
    expect(statuses).toEqual([...Array(10).fill(400), 429]);

    expect(await statusOf(signIn(shipped, email, attacker))).toBe(429);
    expect(await statusOf(signIn(shipped, email, owner))).toBe(200);
  });
});

describe('per (address, client)', () => {
  it('slows one guesser on one account: the 4th wrong try from a client is 429, the right password too, and another client still gets in', async () => {
    const email = await confirmedAccount(tight, 'pair');
    const [guesser, owner] = [newClient(), newClient()];
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await statusOf(signIn(tight, email, guesser, `guess ${i}`)));
    expect(statuses).toEqual([400, 400, 400, 429]);
    const refused = await signIn(tight, email, guesser);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
    expect(await statusOf(signIn(tight, email, owner))).toBe(200);
  });

  it('counts parallel guesses before checking them: of ten at once, three are checked', async () => {
    const email = await confirmedAccount(tight, 'parallel');
    const guesser = newClient();
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => statusOf(signIn(tight, email, guesser, `guess ${i}`))));
    expect(statuses.filter((status) => status === 400)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('never counts a right password: one client signs in again and again', async () => {
    const email = await confirmedAccount(tight, 'regular');
    const client = newClient();
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push(await statusOf(signIn(tight, email, client)));
    expect(statuses).toEqual(Array(8).fill(200));
  });
});

describe('per client', () => {
  it('slows one client guessing many addresses, but not an account that signed in from it before', async () => {
    const [regular, newcomer] = [await confirmedAccount(tight, 'colleague'), await confirmedAccount(tight, 'newcomer')];
    const office = newClient();
    expect(await statusOf(signIn(tight, regular, office))).toBe(200);

    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await statusOf(signIn(tight, uniqueEmail('stuffed'), office, 'password1')));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);

    expect(await statusOf(signIn(tight, newcomer, office))).toBe(429);
    expect(await statusOf(signIn(tight, regular, office))).toBe(200);
    expect(await statusOf(signIn(tight, newcomer, newClient()))).toBe(200);
  });
});

describe('per address, across clients', () => {
  it('stops guessing spread over many clients without locking the owner out: known clients and reset links still get in', async () => {
    const email = await confirmedAccount(tight, 'distributed');
    const home = newClient();
    expect(await statusOf(signIn(tight, email, home))).toBe(200);
    for (let i = 0; i < 6; i++) expect(await statusOf(signIn(tight, email, newClient(), `guess ${i}`))).toBe(400);

    // A seventh client is refused without the password being checked (the answer tells nothing about it).
    const elsewhere = newClient();
    const refused = await signIn(tight, email, elsewhere);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error_code: 'over_request_rate_limit', msg: expect.stringContaining('Forgot password') });
    expect(await statusOf(signIn(tight, email, elsewhere, 'another guess'))).toBe(429);

    expect(await statusOf(signIn(tight, email, home))).toBe(200);

    expect(await statusOf(post(tight, '/recover', { email }, elsewhere))).toBe(200);
    await openMailedLink(tight, email, elsewhere);
    expect(await statusOf(signIn(tight, email, elsewhere))).toBe(200);
  });

  it('counts only passwords that were checked: a client hammering past its own limit does not close the address to others', async () => {
    const email = await confirmedAccount(tight, 'hammered');
    const guesser = newClient();
    for (let i = 0; i < 20; i++) await signIn(tight, email, guesser, `guess ${i}`);
    expect(await statusOf(signIn(tight, email, newClient()))).toBe(200);
  });
});
