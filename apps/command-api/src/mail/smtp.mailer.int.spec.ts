import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SmtpMailer } from './smtp.mailer.js';
import { startSmtpServer, type TestSmtpServer } from './testing/smtp-server.js';

describe('SmtpMailer', () => {
  let server: TestSmtpServer;

  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('delivers a plain-text and HTML mail from MAIL_FROM over SMTP', async () => {
    const mailer = new SmtpMailer(server.url, 'Standup Jokes AI <no-reply@standupjokes.ai>');
    await mailer.send({ to: 'ada@example.com', subject: 'Confirm your account', text: 'Open http://localhost:3000/x', html: '<p>Open</p>' });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ from: '<no-reply@standupjokes.ai>', to: ['<ada@example.com>'] });
    expect(server.received[0]!.data).toContain('Subject: Confirm your account');
    expect(server.received[0]!.data).toContain('Content-Type: text/html');
  });

  it('fails, so the outbox retries, when the server turns the connection away', async () => {
    server.refusing = true;
    const mailer = new SmtpMailer(server.url, 'Standup Jokes AI <no-reply@standupjokes.ai>');
    await expect(mailer.send({ to: 'ada@example.com', subject: 'Again', text: 'x', html: '<p>x</p>' })).rejects.toThrow(/421/);
    server.refusing = false;
  });
});
