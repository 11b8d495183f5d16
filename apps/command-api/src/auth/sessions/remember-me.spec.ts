import { describe, expect, it } from '@jest/globals';
import { GoTrueError } from '../gotrue/gotrue-error.js';
import { sessionChoice } from './remember-me.js';

const DAY = 86_400;

describe('sessionChoice (remember-me)', () => {
  it('keeps the long session when nothing asks otherwise', () => {
    expect(sessionChoice({}, true, DAY)).toEqual({ rememberMe: true });
  });

  it('honours the X-Session-Lifetime header the web sends with remember-me off', () => {
    expect(sessionChoice({ lifetime: '86400' }, true, DAY)).toEqual({ rememberMe: false, lifetimeSeconds: 86_400 });
  });

  it('honours a body field for clients that build their own requests', () => {
    expect(sessionChoice({ body: { remember_me: false } }, true, DAY)).toEqual({ rememberMe: false, lifetimeSeconds: DAY });
    expect(sessionChoice({ body: { session_lifetime: 3600 } }, true, DAY)).toEqual({ rememberMe: false, lifetimeSeconds: 3600 });
  });

  it("falls back to the sign-up's choice for sessions its confirmation link opens", () => {
    expect(sessionChoice({}, false, DAY)).toEqual({ rememberMe: false, lifetimeSeconds: DAY });
  });

  it.each(['soon', '10', String(31 * DAY), '1.5'])('refuses a lifetime of %s seconds with 400', (lifetime) => {
    expect(() => sessionChoice({ lifetime }, true, DAY)).toThrow(GoTrueError);
  });
});
