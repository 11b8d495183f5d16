import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';

/** The user record the web keeps (SPEC section 3). */
export const appUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  created_at: z.string(),
  stripe_customer_id: z.string().nullable(),
  /** Only a literal true counts. */
  has_active_subscription: z.boolean(),
  selected_voice_id: z.string().nullable(),
  email_confirmed: z.boolean(),
  roles: z.array(z.string()),
});
export type AppUser = z.infer<typeof appUser>;

export const syncUserRequest = z.object({
  id: text().min(1),
  email: text().email('Please enter a valid email address').optional(),
  username: text().optional(),
  force_refresh: z.boolean().optional(),
});

export const syncUser = defineContract({
  name: 'syncUser',
  method: 'POST',
  path: '/api/sync-user',
  side: 'query',
  reads: ['users', 'entitlements'],
  body: syncUserRequest,
  response: appUser,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody },
});

export const logout = defineContract({
  name: 'logout',
  method: 'POST',
  path: '/api/logout',
  side: 'command',
  body: z.object({}).passthrough(),
  response: z.object({ success: z.literal(true) }),
});

export const PASSWORD_MIN_LENGTH = 6;
const password = text().min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters');

/** Set a new password with a recovery token (the access token from the reset link's hash, or its code). */
export const resetPassword = defineContract({
  name: 'resetPassword',
  method: 'POST',
  path: '/api/auth/reset-password',
  side: 'command',
  body: z.object({ token: text().min(1, 'No valid access token found in URL'), password }),
  response: z.object({ success: z.literal(true), message: z.string() }),
  errors: { 400: validationErrorBody, 401: errorBody, 429: errorBody },
});

export const syncPasswordReset = defineContract({
  name: 'syncPasswordReset',
  method: 'POST',
  path: '/api/auth/sync-password-reset',
  side: 'command',
  body: z.object({ token: text().min(1), password, user_email: text().email().optional() }),
  response: z.object({ success: z.literal(true), message: z.string() }),
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody },
});
