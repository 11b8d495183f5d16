import { randomUUID } from 'node:crypto';
import type { UserState } from '@jokes/domain';
import type { AuthUserRow } from '../persistence/auth-users.repository.js';

type Registered = Extract<UserState, { status: 'registered' }>;

/** GoTrue's user object, as supabase-js types it (`User`). */
export interface GoTrueUser {
  id: string;
  aud: 'authenticated';
  role: 'authenticated';
  email: string;
  email_confirmed_at?: string;
  phone: '';
  confirmation_sent_at?: string;
  recovery_sent_at?: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  app_metadata: { provider: 'email'; providers: ['email']; roles: string[] };
  user_metadata: Record<string, unknown>;
  identities: object[];
  created_at: string;
  updated_at: string;
  is_anonymous: false;
  /** MFA factors; none exist yet, so supabase-js computes the next level as aal1. */
  factors: object[];
}

export interface GoTrueSession {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: GoTrueUser;
}

const iso = (date: Date | null | undefined): string | undefined => date?.toISOString();

/** The metadata GoTrue adds for an e-mail identity, next to what the user sent. */
export function userMetadataFor(id: string, email: string, stored: Record<string, unknown>, confirmed: boolean): Record<string, unknown> {
  return { ...stored, sub: id, email, email_verified: confirmed, phone_verified: false };
}

interface UserFacts {
  id: string;
  email: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  confirmationSentAt?: Date | null;
  recoverySentAt?: Date | null;
  confirmedAt?: string | null;
  lastSignInAt?: string | null;
  roles: readonly string[];
}

function view(facts: UserFacts): GoTrueUser {
  const confirmed = Boolean(facts.confirmedAt);
  const metadata = userMetadataFor(facts.id, facts.email, facts.metadata, confirmed);
  const identity = {
    identity_id: facts.id,
    id: facts.id,
    user_id: facts.id,
    identity_data: { sub: facts.id, email: facts.email, email_verified: confirmed, phone_verified: false },
    provider: 'email',
    last_sign_in_at: facts.lastSignInAt ?? iso(facts.createdAt),
    created_at: iso(facts.createdAt),
    updated_at: iso(facts.updatedAt),
    email: facts.email,
  };
  return {
    id: facts.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: facts.email,
    ...(facts.confirmedAt ? { email_confirmed_at: facts.confirmedAt, confirmed_at: facts.confirmedAt } : {}),
    phone: '',
    ...(facts.confirmationSentAt ? { confirmation_sent_at: iso(facts.confirmationSentAt) } : {}),
    ...(facts.recoverySentAt ? { recovery_sent_at: iso(facts.recoverySentAt) } : {}),
    ...(facts.lastSignInAt ? { last_sign_in_at: facts.lastSignInAt } : {}),
    app_metadata: { provider: 'email', providers: ['email'], roles: [...facts.roles] },
    user_metadata: metadata,
    identities: [identity],
    created_at: facts.createdAt.toISOString(),
    updated_at: facts.updatedAt.toISOString(),
    is_anonymous: false,
    factors: [],
  };
}

/** The account as GoTrue shows it: credentials row for profile data, the user stream for facts. */
export function goTrueUser(row: AuthUserRow, state: Registered): GoTrueUser {
  return view({
    id: row.id,
    email: row.email,
    metadata: row.user_metadata,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    confirmationSentAt: row.confirmation_sent_at,
    recoverySentAt: row.recovery_sent_at,
    confirmedAt: state.emailConfirmedAt,
    lastSignInAt: state.lastSignInAt,
    roles: state.roles,
  });
}

/**
 * What a sign-up of an address that is already taken answers: the same shape
 * a new account gets (fresh id, unconfirmed, mail "sent"), so the answer does
 * not tell anyone which addresses have accounts.
 */
export function lookAlikeUser(email: string, metadata: Record<string, unknown>, now: Date): GoTrueUser {
  return view({ id: randomUUID(), email: email.trim(), metadata, createdAt: now, updatedAt: now, confirmationSentAt: now, roles: [] });
}
