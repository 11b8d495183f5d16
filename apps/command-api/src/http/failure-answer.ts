const FAILURE = Symbol('failure answer');

/** The error filter answers a failure (a thrown error): what the request did must not be kept. */
export function markFailureAnswer(response: object): void {
  (response as { [FAILURE]?: true })[FAILURE] = true;
}

/** Whether the answer being written is a failure's, not one the handler returned (a 422 refusal, say). */
export function isFailureAnswer(response: object): boolean {
  return (response as { [FAILURE]?: true })[FAILURE] === true;
}
