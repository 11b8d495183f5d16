import { describe, expect, it } from '@jest/globals';
import { devMailboxEnabled } from './config.js';
import { devToolRefusal, isLoopbackAddress, requestHops } from './dev-tools.js';

const development = { NODE_ENV: 'development' };

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])('counts %s as this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(['192.0.2.2', '10.0.0.1', '::ffff:192.0.2.2', 'fd00::2', '0.0.0.0', '::', '', 'localhost', '127.0.0.1.evil.test', undefined])(
    'does not count %s',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(false);
    },
  );
});

describe('devToolRefusal', () => {
  it('lets a request from this machine through outside production', () => {
    expect(devToolRefusal(['127.0.0.1'], development)).toBeUndefined();
    expect(devToolRefusal(['::1', '::ffff:127.0.0.1'], {})).toBeUndefined();
  });

  it('refuses a socket from another machine with 403 and says why', () => {
    expect(devToolRefusal(['192.0.2.2'], development)).toEqual({
      status: 403,
      body: { error: 'Forbidden', message: 'Development tools answer only requests from this machine (a loopback address).' },
    });
  });

  it('refuses when any hop is another machine: the edge forwarded a remote client to a local API', () => {
    expect(devToolRefusal(requestHops('127.0.0.1', '203.0.113.7'), development)?.status).toBe(403);
    expect(devToolRefusal(requestHops('127.0.0.1', '127.0.0.1, 203.0.113.7'), development)?.status).toBe(403);
    expect(devToolRefusal(requestHops('127.0.0.1', ''), development)?.status).toBe(403);
  });

  it('is off in production, even for this machine (404)', () => {
    expect(devToolRefusal(['127.0.0.1'], { NODE_ENV: 'production' })).toEqual({
      status: 404,
      body: { error: 'Not Found', message: 'Development tools are off in production.' },
    });
  });
});

describe('requestHops', () => {
  it('is the socket alone when nothing was forwarded, else the socket then each forwarded address', () => {
    expect(requestHops('::1', undefined)).toEqual(['::1']);
    expect(requestHops('127.0.0.1', '192.0.2.2, 127.0.0.1')).toEqual(['127.0.0.1', '192.0.2.2', '127.0.0.1']);
    expect(requestHops('127.0.0.1', ['192.0.2.2', '10.0.0.1'])).toEqual(['127.0.0.1', '192.0.2.2', '10.0.0.1']);
  });
});

describe('devMailboxEnabled', () => {
  it('is on by default where mail goes to the outbox', () => {
    expect(devMailboxEnabled({})).toBe(true);
  });

  it('is off with SMTP, with DEV_MAILBOX=false, and in production even when DEV_MAILBOX=true asks for it', () => {
    expect(devMailboxEnabled({ SMTP_URL: 'smtp://mail.test' })).toBe(false);
    expect(devMailboxEnabled({ DEV_MAILBOX: 'false' })).toBe(false);
    expect(devMailboxEnabled({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toBe(false);
  });
});
