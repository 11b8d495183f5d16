import { applyRoleEvent, type UserEvent } from '@jokes/domain';
import { rowProjection, type StoredEvent } from '@jokes/event-store';

/** A row of `users`: the account as the web's sync reads it. */
export interface UserRow {
  [column: string]: string | number | boolean | null;
  id: string;
  email: string;
  username: string;
  email_confirmed: boolean;
  created_at: string;
  last_sign_in_at: string | null;
  password_changed_at: string | null;
  /** Product roles, comma-separated and sorted ('' for none): a row holds no arrays. */
  roles: string;
}

type UserStoredEvent = StoredEvent<UserEvent['type'], UserEvent['data']> & UserEvent;

export function evolveUserRow(row: UserRow | null, event: UserEvent): UserRow | null {
  switch (event.type) {
    case 'UserRegistered':
      return {
        id: event.data.userId,
        email: event.data.email,
        username: event.data.username,
        email_confirmed: false,
        created_at: event.data.registeredAt,
        last_sign_in_at: null,
        password_changed_at: null,
        roles: '',
      };
    case 'EmailConfirmed':
      return row && { ...row, email_confirmed: true };
    case 'SignedIn':
      return row && { ...row, last_sign_in_at: event.data.signedInAt };
    case 'PasswordChanged':
      return row && { ...row, password_changed_at: event.data.changedAt };
    case 'RoleGranted':
    case 'RoleRevoked':
      return row && { ...row, roles: applyRoleEvent(row.roles ? row.roles.split(',') : [], event).join(',') };
    case 'PasswordResetRequested':
    case 'SignedOut':
    case 'SessionRevoked':
      return row;
    default: {
      const _exhaustive: never = event;
      return row;
    }
  }
}

export const usersProjection = rowProjection<UserRow, UserStoredEvent>({
  name: 'users',
  version: 2,
  table: 'users',
  columns: {
    id: 'uuid',
    email: 'text',
    username: 'text',
    email_confirmed: 'boolean',
    created_at: 'timestamptz',
    last_sign_in_at: 'timestamptz',
    password_changed_at: 'timestamptz',
    roles: 'text',
  },
  key: ['id'],
  indexes: ['CREATE INDEX ON {table} (lower(email))'],
  handles: ['UserRegistered', 'EmailConfirmed', 'SignedIn', 'PasswordChanged', 'RoleGranted', 'RoleRevoked'],
  createdBy: ['UserRegistered'],
  keyOf: (event) => ({ id: event.data.userId }),
  evolve: evolveUserRow,
});
