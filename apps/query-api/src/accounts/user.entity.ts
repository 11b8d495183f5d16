import { defineEntity, p } from '@mikro-orm/postgresql';

/** The `users` read model, written by the projectors. */
export const UserView = defineEntity({
  name: 'UserView',
  tableName: 'users',
  readonly: true,
  properties: {
    id: p.uuid().primary(),
    email: p.string(),
    username: p.string(),
    emailConfirmed: p.boolean(),
    createdAt: p.datetime(),
    lastSignInAt: p.datetime().nullable(),
  },
});
