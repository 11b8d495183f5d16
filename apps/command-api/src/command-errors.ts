import { authErrors } from './auth/auth.errors.js';
import { billingErrors } from './billing/billing.errors.js';
import { CommandErrorFilter, describeError, type AreaErrors } from './http/error.filter.js';
import { jokeErrors } from './jokes/jokes.errors.js';
import { spendErrors } from './spend/spend.errors.js';

/** Each area's own failures, in the order the filter tries them (after the domain's and the store's). */
const AREA_ERRORS: readonly AreaErrors[] = [spendErrors, jokeErrors, billingErrors, authErrors];

/** The command API's one error filter: the app's, and a spec's that mounts a few controllers alone. */
export function commandErrorFilter(): CommandErrorFilter {
  return new CommandErrorFilter(AREA_ERRORS);
}

/** The status and body a failure answers outside `/auth/v1`. */
export function describeCommandError(error: unknown): [number, object] {
  return describeError(error, AREA_ERRORS);
}
