import { PASSWORD_MIN_LENGTH } from '@jokes/contracts';
import { AuthErrors } from '../gotrue/gotrue-error.js';

/** Long enough for any passphrase, short enough that hashing cannot be abused. */
const PASSWORD_MAX_LENGTH = 1024;

/** GoTrue's weak_password answer (422, reasons ['length']) for the SPEC's 6-character minimum. */
export function assertStrongPassword(password: unknown): asserts password is string {
  if (typeof password !== 'string' || password === '') {
    throw AuthErrors.unprocessable('Password is required');
  }
  // Code points, not UTF-16 units: an emoji counts as one character.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    throw AuthErrors.weakPassword(`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, ['length']);
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw AuthErrors.weakPassword(`Password should be at most ${PASSWORD_MAX_LENGTH} characters.`, ['length']);
  }
}
