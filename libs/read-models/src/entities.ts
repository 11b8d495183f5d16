// The query side's view of the read models, as `@jokes/read-models/entities`:
// kept out of the library's barrel, so the projectors (a thread of their own in
// target all, which pays for every module it loads) never load MikroORM.
import { EntitySchema } from '@mikro-orm/core';
import type { Columns, ViewOf } from './read-model.js';

/** `daily_generations` -> `DailyGenerationsView`. */
const entityName = (table: string) => `${table.replace(/(^|_)([a-z])/g, (_, _sep: string, letter: string) => letter.toUpperCase())}View`;

const made = new WeakMap<object, EntitySchema<unknown>>();

/**
 * The read-only MikroORM entity of a read model, derived from its declared
 * columns (the same one each time: MikroORM knows an entity by its instance).
 */
export function entityOf<M extends { readonly schema: Columns; readonly table: string; readonly key: readonly string[] }>(model: M): EntitySchema<ViewOf<M['schema']>> {
  let entity = made.get(model);
  if (!entity) {
    // Property names are the column names, so a row reads the same on both sides.
    const properties = Object.fromEntries(
      Object.entries(model.schema).map(([name, { orm, nullable }]) => [name, { type: orm, fieldName: name, primary: model.key.includes(name), nullable }]),
    );
    // The projectors own these tables; the query side never writes them.
    entity = new EntitySchema({ name: entityName(model.table), tableName: model.table, readonly: true, properties } as ConstructorParameters<typeof EntitySchema>[0]);
    made.set(model, entity);
  }
  return entity as EntitySchema<ViewOf<M['schema']>>;
}
