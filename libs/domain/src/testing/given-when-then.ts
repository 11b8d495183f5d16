/**
 * Given / when / then for deciders: `given(events).when(command, context)
 * .then(expectedEvents)` or `.thenThrows(ErrorClass)`. Framework-agnostic (it
 * throws on a mismatch), so the domain stays free of test-runner imports.
 */

/**
 * The shape of `jokeDecider`, `userDecider` and `subscriptionDecider`: the
 * same as the `Decider` of `@jokes/event-store`, which `handleCommand` takes.
 * Written out here because the domain imports nothing; the two match by structure.
 */
export interface Decider<Command, Event, State, Context> {
  decide(command: Command, state: State, context: Context): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

// Abstract constructors too, so `thenThrows(DomainError)` type-checks.
type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

export interface Then<Event> {
  then(expected: readonly Event[]): void;
  /** `check` may assert more about the error, e.g. its message. */
  thenThrows<E extends Error>(errorClass: ErrorClass<E>, check?: (error: E) => void): void;
}

export function givenWhenThen<Command, Event, State, Context>(
  decider: Decider<Command, Event, State, Context>,
): (events: readonly Event[]) => { when(command: Command, context: Context): Then<Event> } {
  return (events) => ({
    when(command, context) {
      const run = (): Event[] =>
        decider.decide(command, events.reduce((state, event) => decider.evolve(state, event), decider.initialState()), context);

      return {
        then(expected) {
          const actual = run();
          if (!deepEqual(actual, expected)) {
            throw new Error(`Expected events:\n${show(expected)}\nbut decide returned:\n${show(actual)}`);
          }
        },
        thenThrows(errorClass, check) {
          let actual: Event[];
          try {
            actual = run();
          } catch (error) {
            if (!(error instanceof errorClass)) {
              throw new Error(`Expected ${errorClass.name} but decide threw ${String(error)}`, { cause: error });
            }
            check?.(error);
            return;
          }
          throw new Error(`Expected ${errorClass.name} but decide returned:\n${show(actual)}`);
        },
      };
    },
  });
}

const show = (value: unknown): string => JSON.stringify(value, null, 2);

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}
