import { Inject, Injectable } from '@nestjs/common';
import type { SignOutScope } from '@jokes/domain';
import { z } from 'zod';
import { parseAuthBody } from '../gotrue/auth-input.js';
import type { AuthRequestContext } from '../gotrue/auth-request.js';
import { AuthErrors } from '../gotrue/gotrue-error.js';
import { metadataFits, metadataTooLarge } from '../gotrue/user-metadata.js';
import { goTrueUser, type GoTrueUser } from '../gotrue/user-view.js';
import { assertStrongPassword } from '../passwords/password-policy.js';
import { AuthUsers } from '../persistence/auth-users.repository.js';
import { Sessions } from '../persistence/sessions.repository.js';
import { CurrentSession } from '../sessions/current-session.js';
import { actingAs } from '../../http/command-origin.js';
import { UserCommands } from '../user-commands.js';
import { PasswordChanges } from './password-changes.js';

const updateBody = z.object({
  password: z.unknown().optional(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

/** Metadata the account's identity rests on; `updateUser({ data })` cannot overwrite it. */
const PROTECTED_METADATA = new Set(['sub', 'email', 'email_verified', 'phone_verified', 'age_confirmed', 'username']);

const SCOPES: readonly SignOutScope[] = ['global', 'local', 'others'];

/** `GET /user`, `PUT /user` and `POST /logout`: the signed-in user's own account. */
@Injectable()
export class UserAccount {
  constructor(
    @Inject(CurrentSession) private readonly current: CurrentSession,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(Sessions) private readonly sessions: Sessions,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(PasswordChanges) private readonly passwords: PasswordChanges,
  ) {}

  async get(request: AuthRequestContext): Promise<GoTrueUser> {
    const { row, state } = await this.current.require(request.bearer);
    return goTrueUser(row, state);
  }

  async update(body: unknown, request: AuthRequestContext): Promise<GoTrueUser> {
    const { claims, session, row } = await this.current.require(request.bearer);
    const input = parseAuthBody(updateBody, body);
    if ((input.email && input.email.trim().toLowerCase() !== row.email.toLowerCase()) || input.phone) {
      throw AuthErrors.unprocessable('Only the password and user metadata can be changed here');
    }
    if (input.data) {
      const allowed = Object.fromEntries(Object.entries(input.data).filter(([key]) => !PROTECTED_METADATA.has(key)));
      const merged = await this.users.mergeMetadata(row.id, allowed, metadataFits);
      if (merged === 'too_large') throw metadataTooLarge({ ...row.user_metadata, ...allowed });
    }
    if (input.password !== undefined && input.password !== null) {
      assertStrongPassword(input.password);
      if (await this.passwords.isCurrent(row.password_hash, input.password)) throw AuthErrors.samePassword();
      // A session opened by a reset link changes the password as the reset it is.
      const viaRecovery = claims.amr.some((entry) => entry.method === 'recovery');
      await this.passwords.change(
        { userId: row.id, password: input.password, method: viaRecovery ? 'recovery-link' : 'account-settings', keepSessionId: session.id },
        actingAs(request, row.id),
      );
    }
    return this.get(request);
  }

  /** GoTrue's scopes: this session (local), every session (global), or all but this one (others). */
  async logout(scopeParam: unknown, request: AuthRequestContext): Promise<void> {
    const scope = (scopeParam ?? 'global') as SignOutScope;
    if (!SCOPES.includes(scope)) throw AuthErrors.validation(`scope must be one of ${SCOPES.join(', ')}`);
    const { session } = await this.current.require(request.bearer);
    await this.endSessions(session.user_id, session.id, scope, request);
  }

  /** Ends sessions, then records SignedOut: a failure to record never leaves a session open. */
  async endSessions(userId: string, sessionId: string, scope: SignOutScope, request: AuthRequestContext): Promise<void> {
    const which = scope === 'local' ? { only: sessionId } : scope === 'others' ? { except: sessionId } : {};
    await this.sessions.end(userId, which, `signed-out:${scope}`, new Date());
    await this.userCommands.execute(userId, [{ type: 'SignOut', data: { userId, sessionId, scope } }], actingAs(request, userId));
  }
}
