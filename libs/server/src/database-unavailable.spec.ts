import { describe, expect, it } from '@jest/globals';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:54329')],
    ['a reset connection', withCode('ECONNRESET')],
    ['an administrator shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown', withCode('57P02')],
    ['a server still starting', withCode('57P03', 'the database system is starting up')],
    ['a connection exception', withCode('08006')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a driver error wrapped by the ORM', Object.assign(new Error('wrapped'), { name: 'ConnectionException' })],
    ['KurrentDB unavailable to the event store', Object.assign(new Error('KurrentDB is unavailable (append)'), { name: 'EventStoreUnavailableError' })],
    ['a driver error as the cause of another', new Error('could not load the stream', { cause: withCode('ECONNREFUSED') })],
    ['one of several errors', new AggregateError([new Error('x'), withCode('ECONNREFUSED')])],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['another service refusing an HTTP call', new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') })],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('does not take %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on an error that is its own cause', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
