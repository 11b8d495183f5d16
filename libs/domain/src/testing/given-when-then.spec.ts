import { describe, expect, it } from '@jest/globals';
import { givenWhenThen } from './given-when-then.js';

// A counter that refuses to pass its limit: just enough decider to test the helper.
type Incremented = { type: 'Incremented'; data: { by: number } };
class LimitReached extends Error {}

const given = givenWhenThen({
  initialState: () => 0,
  evolve: (count: number, event: Incremented) => count + event.data.by,
  decide: (command: { by: number }, count: number, limit: number): Incremented[] => {
    if (count + command.by > limit) throw new LimitReached(`over ${limit}`);
    return [{ type: 'Incremented', data: { by: command.by } }];
  },
});

const incremented = (by: number): Incremented => ({ type: 'Incremented', data: { by } });

describe('givenWhenThen', () => {
  it('folds the given events into the state before deciding', () => {
    given([incremented(2), incremented(3)]).when({ by: 1 }, 6).then([incremented(1)]);
    given([incremented(2), incremented(3)]).when({ by: 2 }, 6).thenThrows(LimitReached);
  });

  it('fails when the events differ', () => {
    expect(() => given([]).when({ by: 1 }, 6).then([incremented(2)])).toThrow(/Expected events/);
  });

  it('fails when nothing is thrown or a different error is thrown', () => {
    expect(() => given([]).when({ by: 1 }, 6).thenThrows(LimitReached)).toThrow(/Expected LimitReached/);
    expect(() => given([]).when({ by: 9 }, 6).thenThrows(TypeError)).toThrow(/Expected TypeError/);
  });

  it('passes the error to a further check', () => {
    expect(() =>
      given([]).when({ by: 9 }, 6).thenThrows(LimitReached, (error) => expect(error.message).toBe('over 5')),
    ).toThrow();
  });
});
