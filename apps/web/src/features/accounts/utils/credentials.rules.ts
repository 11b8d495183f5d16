import { PASSWORD_MIN_LENGTH } from '@jokes/contracts';
import type { FormRule } from 'antd';
import { z } from 'zod';

/** SPEC 5's words, in one place. */
export const VALIDATION = {
  email: 'Please enter a valid email address',
  password: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  resetPassword: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  mismatch: 'Passwords do not match',
  ageConfirmation: `You must confirm that you are 18 or older`,
} as const;

const email = z.email(VALIDATION.email);

export const isValidEmail = (value: unknown): boolean => email.safeParse(typeof value === 'string' ? value.trim() : value).success;

/** An empty field gets the same words as a malformed one. */
export const emailRules: FormRule[] = [
  {
    validator: (_rule, value) => (isValidEmail(value) ? Promise.resolve() : Promise.reject(new Error(VALIDATION.email))),
  },
];

export const passwordRules = (message: string = VALIDATION.password): FormRule[] => [
  { required: true, message },
  { min: PASSWORD_MIN_LENGTH, message },
];

/** For a confirm field: the same as the field named `otherField` (SPEC 5: shown on the confirm field). */
export const matchesRule =
  (otherField: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value) =>
      !value || getFieldValue(otherField) === value ? Promise.resolve() : Promise.reject(new Error(VALIDATION.mismatch)),
  });

export const ageConfirmedRules: FormRule[] = [
  {
    validator: (_rule, value) => (value === true ? Promise.resolve() : Promise.reject(new Error(VALIDATION.ageConfirmation))),
  },
];
