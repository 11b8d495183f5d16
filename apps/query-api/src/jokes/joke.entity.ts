import { defineEntity, p } from '@mikro-orm/postgresql';

/** The `jokes` read model, written by the projectors and only read here. */
export const JokeView = defineEntity({
  name: 'JokeView',
  tableName: 'jokes',
  readonly: true,
  properties: {
    id: p.uuid().primary(),
    userId: p.string().nullable(),
    content: p.text(),
    comedianStyle: p.string(),
    topic: p.string(),
    length: p.string(),
    rating: p.smallint().nullable(),
    createdAt: p.datetime(),
  },
});
