import type { Subscription } from '@supabase/auth-js';
import type { AuthClient } from './auth-runtime';

type Listener = Subscription['callback'];

/**
 * The auth client's port from the first render on, while the real client (and
 * the config it needs) still loads: each call waits for it, and a listener is
 * attached to it once it exists, unless unsubscribed by then. If the client
 * cannot be created, calls fail with the reason.
 */
export function deferredAuthClient(client: Promise<AuthClient>): AuthClient {
  // Failure is reported through the runtime; a call nobody made must not count as unhandled.
  client.catch(() => undefined);
  return {
    getSession: () => client.then((auth) => auth.getSession()),
    signInWithPassword: (credentials) => client.then((auth) => auth.signInWithPassword(credentials)),
    signUp: (credentials) => client.then((auth) => auth.signUp(credentials)),
    signOut: (options) => client.then((auth) => auth.signOut(options)),
    resetPasswordForEmail: (email, options) => client.then((auth) => auth.resetPasswordForEmail(email, options)),
    updateUser: (attributes, options) => client.then((auth) => auth.updateUser(attributes, options)),
    onAuthStateChange: (callback: Listener) => {
      let attached: Subscription | null = null;
      let unsubscribed = false;
      client.then(
        (auth) => {
          if (!unsubscribed) attached = auth.onAuthStateChange(callback).data.subscription;
        },
        () => undefined,
      );
      const subscription: Subscription = {
        id: Symbol('deferred auth listener'),
        callback,
        unsubscribe: () => {
          unsubscribed = true;
          attached?.unsubscribe();
        },
      };
      return { data: { subscription } };
    },
  };
}
