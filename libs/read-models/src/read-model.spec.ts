import { describe, expect, it } from '@jest/globals';
import { entityOf } from './entities.js';
import { jokeHistoryReadModel } from './joke-history.read-model.js';
import { readModels } from './read-models.js';
import { trialConversionsReadModel } from './trial-conversions.read-model.js';

describe('a read model declared once', () => {
  it('gives the projector the SQL type of every column, as the table has always had them', () => {
    expect(jokeHistoryReadModel.columns).toEqual({
      id: 'uuid',
      user_id: 'text',
      content: 'text',
      comedian_style: 'text',
      topic: 'text',
      length: 'text',
      rating: 'smallint',
      created_at: 'timestamptz',
    });
  });

  it('gives the query side a read-only entity of the same table, columns, key and nullability', () => {
    const meta = entityOf(jokeHistoryReadModel).meta;
    expect({ table: meta.tableName, readonly: meta.readonly }).toEqual({ table: 'jokes', readonly: true });
    // As declared to MikroORM (its discovery completes them when the query API starts).
    const declared = meta.properties as unknown as Record<string, { fieldName: string; type: string; primary: boolean; nullable: boolean }>;
    const properties = Object.entries(declared).map(([name, { fieldName, type, primary, nullable }]) => ({ name, fieldName, type, primary, nullable }));
    expect(properties).toEqual([
      { name: 'id', fieldName: 'id', type: 'uuid', primary: true, nullable: false },
      { name: 'user_id', fieldName: 'user_id', type: 'text', primary: false, nullable: true },
      { name: 'content', fieldName: 'content', type: 'text', primary: false, nullable: false },
      { name: 'comedian_style', fieldName: 'comedian_style', type: 'text', primary: false, nullable: false },
      { name: 'topic', fieldName: 'topic', type: 'text', primary: false, nullable: false },
      { name: 'length', fieldName: 'length', type: 'text', primary: false, nullable: false },
      { name: 'rating', fieldName: 'rating', type: 'smallint', primary: false, nullable: true },
      // Written as the event's ISO time, read back as a Date.
      { name: 'created_at', fieldName: 'created_at', type: 'datetime', primary: false, nullable: false },
    ]);
  });

  it('keys a composite row by all of its key columns on both sides', () => {
    const primary = Object.entries(entityOf(trialConversionsReadModel).meta.properties).filter(([, property]) => property.primary);
    expect(primary.map(([name]) => name)).toEqual(['day', 'plan']);
  });

  it('has one name, one table and one entity per read model', () => {
    const distinct = (values: string[]) => new Set(values).size;
    expect(distinct(readModels.map((model) => model.name))).toBe(readModels.length);
    expect(distinct(readModels.map((model) => model.table))).toBe(readModels.length);
    expect(distinct(readModels.map((model) => entityOf(model).meta.className))).toBe(readModels.length);
  });

  it('gives MikroORM the same entity each time it is asked (it knows an entity by its instance)', () => {
    expect(entityOf(jokeHistoryReadModel)).toBe(entityOf(jokeHistoryReadModel));
  });
});
