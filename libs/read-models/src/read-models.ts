import { bestJokesReadModel } from './best-jokes.read-model.js';
import { dailyGenerationsReadModel } from './daily-generations.read-model.js';
import { engagementRatingsReadModel } from './engagement-ratings.read-model.js';
import { engagementRefusalsReadModel } from './engagement-refusals.read-model.js';
import { engagementVisitorsReadModel } from './engagement-visitors.read-model.js';
import { engagementReadModel } from './engagement.read-model.js';
import { entitlementsReadModel } from './entitlements.read-model.js';
import { formRatingsReadModel } from './form-ratings.read-model.js';
import { funnelReadModel } from './funnel.read-model.js';
import { jokeHistoryReadModel } from './joke-history.read-model.js';
import { reportedJokesReadModel } from './reported-jokes.read-model.js';
import { publishedJokesReadModel } from './published-jokes.read-model.js';
import { closedAccountsReadModel } from './closed-accounts.read-model.js';
import { subscriptionsReadModel } from './subscriptions.read-model.js';
import { trialConversionsReadModel } from './trial-conversions.read-model.js';
import { usersReadModel } from './users.read-model.js';

/** Every read model of the product: the projectors build each one, the query side reads them. */
export const readModels = [
  jokeHistoryReadModel,
  dailyGenerationsReadModel,
  usersReadModel,
  subscriptionsReadModel,
  entitlementsReadModel,
  trialConversionsReadModel,
  engagementReadModel,
  engagementRatingsReadModel,
  engagementVisitorsReadModel,
  engagementRefusalsReadModel,
  funnelReadModel,
  reportedJokesReadModel,
  bestJokesReadModel,
  formRatingsReadModel,
  publishedJokesReadModel,
  closedAccountsReadModel,
] as const;

/** The names a contract's `reads` may use (the contracts depend on zod only, so they cannot import these). */
export const readModelNames: readonly string[] = readModels.map((model) => model.name);
