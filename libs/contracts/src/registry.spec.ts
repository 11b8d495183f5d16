import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { defineContract, type ContractDefinition } from './contract.js';
import { retractJokeReport } from './moderation/report-joke.contract.js';
import { bySpecificity, contracts, isCommand, matchContract } from './registry.js';

const route = (name: string, path: string): ContractDefinition => defineContract({ name, method: 'GET', path, side: 'query', response: z.unknown() });

describe('the contract registry', () => {
  it('calls a POST of the command side a command (what takes an Idempotency-Key), and nothing else', () => {
    expect(isCommand('POST', '/api/generate')).toBe(true);
    expect(isCommand('post', '/api/generate')).toBe(true);
    expect(isCommand('GET', '/api/comedians')).toBe(false);
    expect(isCommand('GET', '/api/generate')).toBe(false);
    expect(isCommand('POST', '/api/sync-user')).toBe(false); // a POST of the query side
    expect(isCommand('POST', '/api/no-such-command')).toBe(false);
  });

  it('takes a contract from its file with no list to update (the newest: retractJokeReport)', () => {
    expect(contracts).toContain(retractJokeReport);
    expect(matchContract('POST', '/api/jokes/j-1/report/retract')?.contract).toBe(retractJokeReport);
  });

  it('holds each method and path once, and each name once (a contract exported under two names would be routed twice)', () => {
    const routes = contracts.map((contract) => `${contract.method} ${contract.path}`);
    const names = contracts.map((contract) => contract.name);
    expect(routes.filter((routeKey, index) => routes.indexOf(routeKey) !== index)).toEqual([]);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('puts a fixed word before a parameter in the same place, whatever order the two are declared in', () => {
    const byId = route('jokeById', '/api/jokes/:id');
    const history = route('history', '/api/jokes/history');
    expect([byId, history].sort(bySpecificity)).toEqual([history, byId]);
    expect([history, byId].sort(bySpecificity)).toEqual([history, byId]);
    expect([route('card', '/j/:id/card/:size'), route('cardOfToday', '/j/today/card/:size')].sort(bySpecificity).map(({ name }) => name)).toEqual(['cardOfToday', 'card']);
  });

  it('lists no contract after one that would take its requests', () => {
    const shadowed = contracts.flatMap((later, j) => contracts.slice(0, j).filter((earlier) => bySpecificity(earlier, later) > 0).map((earlier) => `${earlier.path} before ${later.path}`));
    expect(shadowed).toEqual([]);
  });
});
