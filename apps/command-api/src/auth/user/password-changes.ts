import { Inject, Injectable } from '@nestjs/common';
import type { PasswordChangeMethod } from '@jokes/domain';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { AuthUsers } from '../persistence/auth-users.repository.js';
import { Sessions } from '../persistence/sessions.repository.js';
import type { Acting } from '../../http/command-origin.js';
import { UserCommands } from '../user-commands.js';

export interface PasswordChange {
  userId: string;
  password: string;
  method: PasswordChangeMethod;
  /** The session the change was made from stays open; null ends every session. */
  keepSessionId: string | null;
}

/**
 * Sets a new password and ends the sessions the old one opened. The hash and
 * the sessions change before PasswordChanged is appended: if recording fails,
 * the old password and whoever held it are already out, which is the safe
 * side (the request fails with 500 and the failure is logged).
 */
@Injectable()
export class PasswordChanges {
  constructor(
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(Sessions) private readonly sessions: Sessions,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
  ) {}

  async change(change: PasswordChange, acting: Acting): Promise<void> {
    await this.users.setPasswordHash(change.userId, await this.hasher.hash(change.password));
    const ended = await this.sessions.end(change.userId, { except: change.keepSessionId ?? undefined }, 'password-changed', new Date());
    await this.userCommands.execute(change.userId, [{ type: 'ChangePassword', data: { userId: change.userId, method: change.method, revokeSessionIds: ended } }], acting);
  }

  /** Whether `password` is already the account's password (for same_password and idempotent retries). */
  async isCurrent(passwordHash: string, password: string): Promise<boolean> {
    return this.hasher.verify(passwordHash, password);
  }
}
