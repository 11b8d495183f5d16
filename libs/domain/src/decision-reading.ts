/**
 * What of its stream a command's decision depends on, declared by the decider
 * beside its rules, so a new command states it where it is decided. The command
 * side hands it to `runCommand` of `@jokes/event-store`, whose `StreamReading`
 * takes it by structure (the domain imports nothing):
 *
 * - `newStream`: the command makes the stream (its id was made just before), so nothing is read.
 * - `retries`: the whole stream; should another writer append in between, decide again on the newer
 *   state that many times, because what was decided on still holds (the context is not re-gathered).
 * - `decidesOnFirst`: only the stream's first events (what created it, which nothing later changes) and
 *   its last (what ends it); the new events go after whatever is there by then, so writers never conflict.
 * - `readsNothing`: the rules read nothing of the stream; appended after whatever it holds.
 */
export type DecisionReading = { newStream: true } | { retries: number } | { decidesOnFirst: bigint } | { readsNothing: true };
