import { describe, expect, it } from '@jest/globals';
import type { AuthChangeEvent } from '@supabase/auth-js';
import { FakeAuthClient } from '../../../testing/fake-auth-client';
import type { AuthClient } from './auth-runtime';
import { deferredAuthClient } from './deferred-auth-client';

function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the auth client while it loads (deferred)', () => {
  it('runs a call made before the client exists once it does', async () => {
    const real = new FakeAuthClient();
    real.withAccount('ana@example.com', 'secret-password');
    const client = later<AuthClient>();
    const auth = deferredAuthClient(client.promise);

    const signIn = auth.signInWithPassword({ email: 'ana@example.com', password: 'secret-password' });
    expect(real.calls).toEqual([]);
    client.resolve(real.client);

    expect((await signIn).error).toBeNull();
    expect(real.calls.map(({ method }) => method)).toEqual(['signInWithPassword']);
  });

  it('attaches a listener registered early, which then hears the initial session', async () => {
    const real = new FakeAuthClient();
    real.signedInAs('ana@example.com');
    const client = later<AuthClient>();
    const heard: AuthChangeEvent[] = [];

    deferredAuthClient(client.promise).onAuthStateChange((event) => heard.push(event));
    client.resolve(real.client);
    await settled();
    await settled();

    expect(heard).toEqual(['INITIAL_SESSION']);
    real.emit('SIGNED_OUT', null);
    expect(heard).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
  });

  it('never attaches a listener unsubscribed before the client existed', async () => {
    const real = new FakeAuthClient();
    const client = later<AuthClient>();
    const heard: AuthChangeEvent[] = [];

    const { data } = deferredAuthClient(client.promise).onAuthStateChange((event) => heard.push(event));
    data.subscription.unsubscribe();
    client.resolve(real.client);
    await settled();
    await settled();
    real.emit('SIGNED_IN');

    expect(heard).toEqual([]);
  });

  it('fails its calls with the reason when the client cannot be created', async () => {
    const client = later<AuthClient>();
    const auth = deferredAuthClient(client.promise);

    client.reject(new Error('supabaseUrl is required.'));

    await expect(auth.getSession()).rejects.toThrow('supabaseUrl is required.');
  });
});
