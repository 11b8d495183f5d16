import { describe, expect, it } from '@jest/globals';
import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { contracts, generateJoke, syncUser } from '@jokes/contracts';
import { queryControllers } from '../app.module.js';
import { JokeHistoryController } from '../jokes/joke-history.controller.js';
import { SyncUserController } from '../accounts/sync-user.controller.js';
import { ReadQuery, readQueryOf, type ReadQueryRoute } from './read-query.decorator.js';

/** Every `@ReadQuery` handler of the query API. */
const routes: ReadQueryRoute[] = queryControllers.flatMap((controller) =>
  Object.getOwnPropertyNames(controller.prototype).flatMap((name) => {
    const route = readQueryOf(Object.getOwnPropertyDescriptor(controller.prototype, name)!.value as object);
    return route ? [route] : [];
  }),
);

describe('@ReadQuery', () => {
  it("declares the route by its contract's method and path", () => {
    const handler = JokeHistoryController.prototype.history;
    expect([Reflect.getMetadata(METHOD_METADATA, handler), Reflect.getMetadata(PATH_METADATA, handler)]).toEqual([RequestMethod.GET, '/api/jokes/history']);
  });

  it('answers a POST query 200, as a read', () => {
    const handler = SyncUserController.prototype.sync;
    expect([Reflect.getMetadata(METHOD_METADATA, handler), Reflect.getMetadata(PATH_METADATA, handler)]).toEqual([RequestMethod.POST, syncUser.path]);
    expect(Reflect.getMetadata(HTTP_CODE_METADATA, handler)).toBe(200);
  });

  it("refuses a command's contract", () => {
    expect(() => ReadQuery(generateJoke, { caller: 'anyone' })).toThrow('generateJoke is not a query');
  });
});

describe('the query API', () => {
  it('serves every query contract with exactly one @ReadQuery route', () => {
    const served = routes.map((route) => route.contract.name).sort();
    expect(served).toEqual(contracts.filter((contract) => contract.side === 'query').map((contract) => contract.name).sort());
  });

  it('requires a session exactly where the contract says so (it lists a 401)', () => {
    const mismatched = routes.filter(({ contract, access }) => (access.caller !== 'anyone') !== (contract.errors?.[401] !== undefined));
    expect(mismatched.map(({ contract }) => contract.name)).toEqual([]);
  });
});
