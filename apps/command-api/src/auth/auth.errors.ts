import type { AreaErrors } from '../http/error.filter.js';
import { GoTrueErrorFilter } from './gotrue/gotrue-error.filter.js';

/**
 * What reaches the command API's filter on /auth/v1 failed before routing (an
 * unreadable body, no such route): it still answers in GoTrue's shape, which supabase-js reads.
 */
export const authErrors: AreaErrors = { path: { prefix: '/auth/v1/', filter: new GoTrueErrorFilter() } };
