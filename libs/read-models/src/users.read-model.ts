import { applyRoleEvent, ERASED_USERNAME, type UserEvent } from '@jokes/domain';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const userColumns = {
  id: column.uuid(),
  /** null once the person is erased (issue 11); their username then reads 'erased-user'. */
  email: column.text().orNull(),
  username: column.text(),
  email_confirmed: column.boolean(),
  created_at: column.timestamptz(),
  last_sign_in_at: column.timestamptz().orNull(),
  password_changed_at: column.timestamptz().orNull(),
  /** Product roles, comma-separated and sorted ('' for none): a row holds no arrays. */
  roles: column.text(),
  /** The voice of ChangeVoice; null until the first choice. */
  selected_voice_id: column.text().orNull(),
};

/** A row of `users`: the account as the web's sync reads it. */
export type UserRow = RowOf<typeof userColumns>;
export type UserView = ViewOf<typeof userColumns>;

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
        selected_voice_id: null,
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
    case 'VoicePreferenceChanged':
      return row && { ...row, selected_voice_id: event.data.voiceId };
    case 'AccountErased':
      return row && { ...row, email: null, username: ERASED_USERNAME, last_sign_in_at: null };
    case 'AccountDeletionRequested':
    case 'AccountDeletionCanceled':
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

export const usersReadModel = defineReadModel({
  name: 'users',
  // 3: selected_voice_id (VoicePreferenceChanged). 4: erased people (email null, AccountErased).
  version: 4,
  table: 'users',
  columns: userColumns,
  key: ['id'],
  indexes: ['CREATE INDEX ON {table} (lower(email))'],
  handles: ['UserRegistered', 'EmailConfirmed', 'SignedIn', 'PasswordChanged', 'RoleGranted', 'RoleRevoked', 'VoicePreferenceChanged', 'AccountErased'],
  createdBy: ['UserRegistered'],
  keyOf: (event: UserEvent) => ({ id: event.data.userId }),
  evolve: evolveUserRow,
});
