import {
  AuthApiError,
  AuthSessionMissingError,
  type AuthChangeEvent,
  type AuthError,
  type Session,
  type User,
} from '@supabase/auth-js';
import type { AuthClient } from '../features/accounts/auth-client/auth-runtime';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;
type Method = 'signInWithPassword' | 'signUp' | 'signOut' | 'resetPasswordForEmail' | 'updateUser';

interface Account {
  user: User;
  password: string;
}

let sequence = 0;

export function anAuthUser(email: string, overrides: Partial<User> = {}): User {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: '2025-05-01T12:00:00.000Z',
    app_metadata: { provider: 'email' },
    user_metadata: {},
    created_at: '2025-05-01T11:00:00.000Z',
    ...overrides,
  };
}

export function aSession(user: User): Session {
  return {
    access_token: `access-${user.id}`,
    refresh_token: `refresh-${user.id}`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user,
  };
}

/**
 * supabase-js's auth client as far as the app uses it, behaving like GoTrue:
 * accounts with passwords and confirmation, one session, the auth events.
 * Every call is recorded; `failNext` makes the next call of a method fail.
 */
export class FakeAuthClient {
  readonly calls: { method: Method; args: unknown[] }[] = [];
  session: Session | null = null;
  private readonly accounts = new Map<string, Account>();
  private readonly listeners = new Set<Listener>();
  private readonly failures = new Map<Method, AuthError | Error>();

  /** An account that can log in (confirmed unless told otherwise). */
  withAccount(email: string, password: string, overrides: Partial<User> = {}): User {
    const user = anAuthUser(email, overrides);
    this.accounts.set(email, { user, password });
    return user;
  }

  /** Starts with this user logged in (a stored session). */
  signedInAs(email: string, overrides: Partial<User> = {}): User {
    const user = this.withAccount(email, 'secret-password', overrides);
    this.session = aSession(user);
    return user;
  }

  failNext(method: Method, error: AuthError | Error): this {
    this.failures.set(method, error);
    return this;
  }

  passwordOf(email: string): string | undefined {
    return this.accounts.get(email)?.password;
  }

  /** An auth event from outside the app's own calls (a refresh, another tab). */
  emit(event: AuthChangeEvent, session: Session | null = this.session): void {
    this.session = session;
    for (const listener of this.listeners) listener(event, session);
  }

  readonly client = this as unknown as AuthClient;

  private record(method: Method, args: unknown[]): AuthError | Error | undefined {
    this.calls.push({ method, args });
    const failure = this.failures.get(method);
    this.failures.delete(method);
    return failure;
  }

  getSession = async () => ({ data: { session: this.session }, error: null });

  onAuthStateChange = (callback: Listener) => {
    this.listeners.add(callback);
    // As supabase-js: the current session arrives asynchronously, as INITIAL_SESSION.
    setTimeout(() => {
      if (this.listeners.has(callback)) callback('INITIAL_SESSION', this.session);
    }, 0);
    return { data: { subscription: { id: 'fake', callback, unsubscribe: () => this.listeners.delete(callback) } } };
  };

  signInWithPassword = async ({ email, password }: { email: string; password: string }) => {
    const failure = this.record('signInWithPassword', [{ email, password }]);
    const account = this.accounts.get(email);
    const error =
      failure ??
      (account === undefined || account.password !== password
        ? new AuthApiError('Invalid login credentials', 400, 'invalid_credentials')
        : account.user.email_confirmed_at
          ? undefined
          : new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'));
    if (error || account === undefined) return { data: { user: null, session: null }, error };
    this.emit('SIGNED_IN', aSession(account.user));
    return { data: { user: account.user, session: this.session }, error: null };
  };

  signUp = async (credentials: { email: string; password: string; options?: unknown }) => {
    const failure = this.record('signUp', [credentials]);
    if (failure) return { data: { user: null, session: null }, error: failure };
    if (this.accounts.has(credentials.email)) {
      return { data: { user: null, session: null }, error: new AuthApiError('User already registered', 422, 'user_already_exists') };
    }
    const user = this.withAccount(credentials.email, credentials.password, { email_confirmed_at: undefined });
    return { data: { user, session: null }, error: null };
  };

  /** As supabase-js: a failed global sign-out keeps the session; a local one always drops it. */
  signOut = async (options?: { scope?: 'global' | 'local' | 'others' }) => {
    const failure = this.record('signOut', options ? [options] : []);
    if (failure && options?.scope !== 'local') return { error: failure };
    this.emit('SIGNED_OUT', null);
    return { error: null };
  };

  resetPasswordForEmail = async (email: string, options?: unknown) => {
    const failure = this.record('resetPasswordForEmail', [email, options]);
    return failure ? { data: null, error: failure } : { data: {}, error: null };
  };

  updateUser = async (attributes: { password?: string }) => {
    const failure = this.record('updateUser', [attributes]);
    if (this.session === null) return { data: { user: null }, error: new AuthSessionMissingError() };
    if (failure) return { data: { user: null }, error: failure };
    const account = [...this.accounts.values()].find(({ user }) => user.id === this.session?.user.id);
    if (account && attributes.password) account.password = attributes.password;
    this.emit('USER_UPDATED', this.session);
    return { data: { user: this.session.user }, error: null };
  };
}
