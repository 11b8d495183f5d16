import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';

// The development mailbox reads the file outbox the auth service writes to.
let app: AuthApp;
beforeAll(async () => {
  app = await startAuthApp();
}, 60_000);
afterAll(async () => {
  await app?.stop();
}, 30_000);

const gotrue = (path: string, body: object) =>
  fetch(`${app.url}/auth/v1${path}`, { method: 'POST', headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('GET /api/dev/mailbox', () => {
  const email = `mailbox-${Date.now()}@example.com`;

  beforeAll(async () => {
    await gotrue('/signup', { email, password: 'correct horse', data: { age_confirmed: true } });
    await app.settle();
    await gotrue('/recover', { email });
    await app.settle();
    await gotrue('/signup', { email: `other-${email}`, password: 'correct horse', data: { age_confirmed: true } });
    await app.settle();
  });

  it("lists one address's mails newest first with their links", async () => {
    const mails = (await (await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { to: string; subject: string; links: string[] }[];
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [email, 'Reset your Standup Jokes AI password'],
      [email, 'Confirm your Standup Jokes AI account'],
    ]);
    expect(mails[0]!.links).toEqual([expect.stringMatching(new RegExp(`^${app.url}/auth/v1/verify\\?token=[\\w-]+&type=recovery&redirect_to=`))]);
  });

  it('lists every mail without a filter', async () => {
    const mails = (await (await fetch(`${app.url}/api/dev/mailbox`)).json()) as unknown[];
    expect(mails.length).toBeGreaterThanOrEqual(3);
  });

  it('shows one mail with its text and HTML, the link in both', async () => {
    const [newest] = (await (await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { id: string; links: string[] }[];
    const mail = (await (await fetch(`${app.url}/api/dev/mailbox/${newest!.id}`)).json()) as { text: string; html: string };
    expect(mail.text).toContain(newest!.links[0]!);
    expect(mail.html).toContain(newest!.links[0]!.replaceAll('&', '&amp;'));
  });

  it('answers 404 for an unknown mail and for a name that is not a mail id', async () => {
    expect((await fetch(`${app.url}/api/dev/mailbox/000000000000000-000000000000`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/dev/mailbox/..%2F..%2Fpackage.json`)).status).toBe(404);
  });
});

describe('with SMTP configured', () => {
  it('has no development mailbox (404): real mail is private', async () => {
    const smtp = await startAuthApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const response = await fetch(`${smtp.url}/api/dev/mailbox`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'Not Found' });
    } finally {
      await smtp.stop();
    }
  }, 60_000);
});
