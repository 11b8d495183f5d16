import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SmtpMailer } from './smtp.mailer.js';

/** Just enough of RFC 5321 to accept one mail, so the adapter is tested over the real protocol. */
function smtpServer(received: { from: string; to: string[]; data: string }[]): Server {
  return createServer((socket) => {
    let mail = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
        } else if (/^MAIL FROM:/i.test(line)) {
          mail.from = line.slice(10);
          socket.write('250 ok\r\n');
        } else if (/^RCPT TO:/i.test(line)) {
          mail.to.push(line.slice(8));
          socket.write('250 ok\r\n');
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else {
          // EHLO, RSET, NOOP and the rest: accepted.
          socket.write('250 ok\r\n');
        }
      }
    });
  });
}

describe('SmtpMailer', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = smtpServer(received);
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('delivers a plain-text and HTML mail from MAIL_FROM over SMTP', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Standup Jokes AI <no-reply@standupjokes.ai>');
    await mailer.send({ to: 'ada@example.com', subject: 'Confirm your account', text: 'Open http://localhost:3000/x', html: '<p>Open</p>' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: '<no-reply@standupjokes.ai>', to: ['<ada@example.com>'] });
    expect(received[0]!.data).toContain('Subject: Confirm your account');
    expect(received[0]!.data).toContain('Content-Type: text/html');
  });
});
