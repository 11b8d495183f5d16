import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { simpleParser } from 'mailparser';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';
import { startSmtpServer, type TestSmtpServer } from './testing/smtp-server.js';

// Mail goes through the outbox table; an SMTP server that is down delays it, never loses it.
let smtp: TestSmtpServer;
let app: AuthApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // A minute between attempts: the tests say when the back-off has elapsed (backOffElapses), no timer races them.
  app = await startAuthApp({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '60000', AUTH_RATE_LIMIT_MAILS_PER_ADDRESS: '50' });
}, 60_000);
afterEach(() => {
  smtp.refusing = false;
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
}, 30_000);

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const password = 'correct horse';

const gotrue = (path: string, body: object) =>
  fetch(`${app.url}/auth/v1${path}`, { method: 'POST', headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });

const mailHealth = async () => ((await (await fetch(`${app.url}/health`)).json()) as { mail: Record<string, unknown> }).mail;

/** The back-off of every waiting mail has elapsed: the next dispatch tries them all. */
const backOffElapses = () => app.db.pool.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE sent_at IS NULL AND given_up_at IS NULL');

async function mailsTo(email: string): Promise<{ subject: string; link: string }[]> {
  const raw = smtp.received.filter((mail) => mail.to.includes(`<${email}>`));
  const parsed = await Promise.all(raw.map((mail) => simpleParser(mail.data)));
  return parsed.map((mail) => ({ subject: mail.subject ?? '', link: /https?:\/\/\S+/.exec(mail.text ?? '')![0] }));
}

/** Where a mailed link sends the browser, with what it carries in the fragment. */
async function follow(link: string): Promise<URLSearchParams> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
}

describe('mail while SMTP is down', () => {
  it('sends the sign-up confirmation once SMTP is back, and health shows it failing meanwhile', async () => {
    smtp.refusing = true;
    const email = uniqueEmail('down');

    const signup = await gotrue('/signup', { email, password, data: { age_confirmed: true } });
    await app.settle();

    expect(signup.status).toBe(200);
    expect(await mailsTo(email)).toEqual([]);
    expect(await mailHealth()).toMatchObject({ status: 'failing', pending: 1, failing: 1, oldestPendingSeconds: expect.any(Number) });

    smtp.refusing = false;
    await backOffElapses();
    await app.settle();

    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Confirm your Standup Jokes AI account');
    expect((await follow(mail!.link)).get('type')).toBe('signup');
    expect(await mailHealth()).toEqual({ status: 'ok', pending: 0, failing: 0, failed: 0, oldestPendingSeconds: 0 });
  });

  it('sends one working confirmation when asked again (POST /auth/v1/resend) once mail is back, dropping the stale one', async () => {
    smtp.refusing = true;
    const email = uniqueEmail('resend');
    await gotrue('/signup', { email, password, data: { age_confirmed: true } });
    await app.settle();
    smtp.refusing = false;

    const resend = await gotrue('/resend', { type: 'signup', email });
    await app.settle();

    expect(resend.status).toBe(200);
    expect(await resend.json()).toEqual({});
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect((await follow(mails[0]!.link)).get('access_token')).toEqual(expect.any(String));
    const rows = await app.db.pool.query(`SELECT given_up_reason, body_text FROM mail_outbox WHERE recipient = $1 ORDER BY created_at`, [email]);
    expect(rows.rows).toEqual([
      { given_up_reason: 'superseded', body_text: null },
      { given_up_reason: null, body_text: null },
    ]);
    expect(await mailHealth()).toMatchObject({ status: 'ok', pending: 0 });
  });

  it('sends the reset mail asked for again once mail is back', async () => {
    const email = uniqueEmail('reset');
    await gotrue('/signup', { email, password, data: { age_confirmed: true } });
    await app.settle();
    await follow((await mailsTo(email))[0]!.link);
    smtp.refusing = true;
    await gotrue('/recover', { email });
    await app.settle();
    expect(await mailHealth()).toMatchObject({ status: 'failing', failing: 1 });
    smtp.refusing = false;

    await gotrue('/recover', { email });
    await app.settle();

    const resets = (await mailsTo(email)).filter((mail) => mail.subject === 'Reset your Standup Jokes AI password');
    expect(resets).toHaveLength(1);
    expect((await follow(resets[0]!.link)).get('type')).toBe('recovery');
    expect(await mailHealth()).toMatchObject({ status: 'ok', pending: 0 });
  });

  it('refuses to resend anything but a confirmation (400), and answers an unknown address like any other', async () => {
    expect((await gotrue('/resend', { type: 'recovery', email: uniqueEmail('type') })).status).toBe(400);
    const unknown = await gotrue('/resend', { type: 'signup', email: uniqueEmail('nobody') });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({});
  });

  // Last: a given-up mail stays in the health figures for a day.
  it('gives a mail up after its last attempt: health counts it failed, the log says so, and its link is erased', async () => {
    const errors: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((line) => {
      errors.push(String(line));
      return true;
    });
    smtp.refusing = true;
    const email = uniqueEmail('never');
    try {
      await gotrue('/signup', { email, password, data: { age_confirmed: true } });
      await app.settle();
      for (let attempt = 2; attempt <= 12; attempt++) {
        await backOffElapses();
        await app.settle();
      }
    } finally {
      spy.mockRestore();
    }

    expect(await mailHealth()).toMatchObject({ status: 'failing', pending: 0, failing: 0, failed: 1 });
    const given = errors.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.message === 'mail given up after every attempt failed');
    expect(given).toEqual([expect.objectContaining({ level: 'error', kind: 'confirmation', attempts: 12, transport: 'smtp' })]);
    const rows = await app.db.pool.query(`SELECT given_up_reason, body_text, body_html FROM mail_outbox WHERE recipient = $1`, [email]);
    expect(rows.rows).toEqual([{ given_up_reason: 'failed', body_text: null, body_html: null }]);
  });
});
