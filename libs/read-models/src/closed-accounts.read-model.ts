import type { AccountDeletionCanceled, AccountDeletionRequested, AccountErased } from '@jokes/domain';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

/** What closes an account, and what opens it again. */
export type AccountClosingEvent = AccountDeletionRequested | AccountDeletionCanceled | AccountErased;

const closedAccountColumns = {
  /** Text, as the `jokes` rows' `user_id` it is compared with. */
  user_id: column.text(),
  closed_at: column.timestamptz(),
};

/**
 * A row of `closed_accounts`: a person who asked for their account to be
 * deleted (and, after the erasure, was). Their jokes' public pages answer 404
 * from the request on: someone leaving should not have to wait 30 days for
 * their jokes to stop being shown. A cancelled deletion opens them again.
 */
export type ClosedAccountRow = RowOf<typeof closedAccountColumns>;
export type ClosedAccountView = ViewOf<typeof closedAccountColumns>;

export function evolveClosedAccount(row: ClosedAccountRow | null, event: AccountClosingEvent): ClosedAccountRow | null {
  switch (event.type) {
    case 'AccountDeletionRequested':
      return { user_id: event.data.userId, closed_at: event.data.requestedAt };
    case 'AccountDeletionCanceled':
      return null;
    case 'AccountErased':
      // Unconfirmed sign-ups are erased at once (their request comes just before); either way closed for good.
      return row ?? { user_id: event.data.userId, closed_at: event.data.erasedAt };
    default: {
      const _exhaustive: never = event;
      return row;
    }
  }
}

export const closedAccountsReadModel = defineReadModel({
  name: 'closed_accounts',
  version: 1,
  table: 'closed_accounts',
  columns: closedAccountColumns,
  key: ['user_id'],
  handles: ['AccountDeletionRequested', 'AccountDeletionCanceled', 'AccountErased'],
  keyOf: (event: AccountClosingEvent) => ({ user_id: event.data.userId }),
  evolve: evolveClosedAccount,
});
