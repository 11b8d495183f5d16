import { describe, expect, it } from '@jest/globals';
import { NO_ACCESS_TOKEN, NOT_LOGGED_IN, updatePasswordFlow, type PasswordUpdatePorts } from './password-update';

interface World {
  session: boolean;
  sessionUpdateFails?: boolean;
  tokenUpdateFails?: boolean;
}

/** Ports that record what was done, in order. */
function ports(world: World) {
  const log: string[] = [];
  const fake: PasswordUpdatePorts = {
    hasSession: async () => world.session,
    updateWithSession: async (password) => {
      log.push(`auth client update: ${password}`);
      if (world.sessionUpdateFails) throw new Error('Auth session missing!');
    },
    updateWithToken: async (token, password) => {
      log.push(`product endpoint: ${token} ${password}`);
      if (world.tokenUpdateFails) throw new Error('Invalid or expired token');
    },
    signOut: async () => {
      log.push('sign out');
    },
  };
  return { fake, log };
}

describe('password update flows (SPEC 4)', () => {
  describe('(a) recovery token from the hash, with a session', () => {
    it('updates through the auth client and stays logged in', async () => {
      const { fake, log } = ports({ session: true });
      await expect(updatePasswordFlow(fake, 'new-pass', { source: 'hash', token: 'at' })).resolves.toBe('updated');
      expect(log).toEqual(['auth client update: new-pass']);
    });

    it('falls back to the product endpoint when the auth client fails', async () => {
      const { fake, log } = ports({ session: true, sessionUpdateFails: true });
      await expect(updatePasswordFlow(fake, 'new-pass', { source: 'hash', token: 'at' })).resolves.toBe('updated');
      expect(log).toEqual(['auth client update: new-pass', 'product endpoint: at new-pass']);
    });

    it("reports the fallback's failure", async () => {
      const { fake } = ports({ session: true, sessionUpdateFails: true, tokenUpdateFails: true });
      await expect(updatePasswordFlow(fake, 'new-pass', { source: 'hash', token: 'at' })).rejects.toThrow('Invalid or expired token');
    });
  });

  describe('(b) recovery token from the hash, without a session', () => {
    it('uses the product endpoint, then signs out', async () => {
      const { fake, log } = ports({ session: false });
      await expect(updatePasswordFlow(fake, 'new-pass', { source: 'hash', token: 'at' })).resolves.toBe('updated-and-signed-out');
      expect(log).toEqual(['product endpoint: at new-pass', 'sign out']);
    });

    it('does not sign out when the endpoint refuses', async () => {
      const { fake, log } = ports({ session: false, tokenUpdateFails: true });
      await expect(updatePasswordFlow(fake, 'new-pass', { source: 'hash', token: 'at' })).rejects.toThrow('Invalid or expired token');
      expect(log).toEqual(['product endpoint: at new-pass']);
    });
  });

  describe('(c) recovery code from the query', () => {
    it('uses the product endpoint, then signs out', async () => {
      const { fake, log } = ports({ session: false });
      await expect(updatePasswordFlow(fake, 'new-pass', { source: 'code', token: 'c' })).resolves.toBe('updated-and-signed-out');
      expect(log).toEqual(['product endpoint: c new-pass', 'sign out']);
    });

    it('uses the recovery session supabase-js made of the code when the endpoint refuses the spent code', async () => {
      const { fake, log } = ports({ session: true, tokenUpdateFails: true });
      await expect(updatePasswordFlow(fake, 'new-pass', { source: 'code', token: 'c' })).resolves.toBe('updated-and-signed-out');
      expect(log).toEqual(['product endpoint: c new-pass', 'auth client update: new-pass', 'sign out']);
    });

    it("reports the endpoint's failure when there is no session to fall back on", async () => {
      const { fake } = ports({ session: false, tokenUpdateFails: true });
      await expect(updatePasswordFlow(fake, 'new-pass', { source: 'code', token: 'c' })).rejects.toThrow('Invalid or expired token');
    });
  });

  describe('(d) plain update', () => {
    it('updates through the auth client for a logged-in user', async () => {
      const { fake, log } = ports({ session: true });
      await expect(updatePasswordFlow(fake, 'new-pass')).resolves.toBe('updated');
      expect(log).toEqual(['auth client update: new-pass']);
    });

    it('needs a session', async () => {
      const { fake, log } = ports({ session: false });
      await expect(updatePasswordFlow(fake, 'new-pass')).rejects.toThrow(NOT_LOGGED_IN);
      expect(log).toEqual([]);
    });
  });

  it('refuses a recovery without a token', async () => {
    const { fake, log } = ports({ session: true });
    await expect(updatePasswordFlow(fake, 'new-pass', { source: 'hash', token: ' ' })).rejects.toThrow(NO_ACCESS_TOKEN);
    expect(log).toEqual([]);
  });
});
