import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';

/** The origin the browser uses: the supervisor's PUBLIC_URL (localhost), which mails and tokens name. */
export const publicUrlOf = (baseUrl: string): string => baseUrl.replace('127.0.0.1', 'localhost');

/** A storage like the browser's localStorage, so PKCE verifiers survive between calls. */
export function memoryStorage(): SupportedStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** supabase-js exactly as the web uses it, in Node (ws for realtime, as Node < 22 needs). */
export function supabaseClient(
  baseUrl: string,
  options: { flowType?: 'implicit' | 'pkce'; fetch?: typeof fetch; storage?: SupportedStorage } = {},
): SupabaseClient {
  return createClient(publicUrlOf(baseUrl), LOCAL_ANON_KEY, {
    auth: {
      flowType: options.flowType ?? 'implicit',
      storage: options.storage ?? memoryStorage(),
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: WebSocket as never },
    ...(options.fetch ? { global: { fetch: options.fetch } } : {}),
  });
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  sent_at: string;
  links: string[];
}

/** Waits for a mail to `to` whose subject contains `subject` (mails are sent after the answer). */
export async function waitForMail(baseUrl: string, to: string, subject: string, options: { after?: Set<string> } = {}): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as Mail[];
    const found = mails.find((mail) => mail.subject.includes(subject) && !options.after?.has(mail.id));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail "${subject}" to ${to}`);
}

export async function mailIds(baseUrl: string, to: string): Promise<Set<string>> {
  const mails = (await (await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as Mail[];
  return new Set(mails.map((mail) => mail.id));
}

/** Opens a mailed link as a browser would, without following the redirect: where does it send us? */
export async function followLink(link: string): Promise<{ status: number; location: URL; hash: URLSearchParams; query: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  return { status: response.status, location, hash: new URLSearchParams(location.hash.slice(1)), query: location.searchParams };
}

export async function query<Row extends pg.QueryResultRow>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

let counter = 0;
/** A fresh address per test, so tests never see each other's mails or limits. */
export const uniqueEmail = (label: string): string => `${label}-${Date.now()}-${++counter}@example.com`;

export const SIGNUP_DATA = { age_confirmed: true, email_confirm_requested: true, remember_me: true };

/** Signs up and confirms through the mailed link; returns the confirmed session's tokens. */
export async function confirmedUser(baseUrl: string, email: string, password: string): Promise<{ access_token: string; refresh_token: string }> {
  const client = supabaseClient(baseUrl);
  const { error } = await client.auth.signUp({ email, password, options: { emailRedirectTo: `${publicUrlOf(baseUrl)}/auth/confirm`, data: SIGNUP_DATA } });
  if (error) throw error;
  const mail = await waitForMail(baseUrl, email, 'Confirm');
  const { hash } = await followLink(mail.links[0]!);
  return { access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! };
}
