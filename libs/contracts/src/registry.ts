import type { ContractDefinition, HttpMethod, Side } from './contract.js';
import { logout, resetPassword, syncPasswordReset, syncUser } from './accounts/accounts.contract.js';
import { listMailbox, readMail } from './accounts/dev-mailbox.contract.js';
import { getPublicConfig } from './accounts/public-config.contract.js';
import { cancelAccountDeletion, exportMyData, requestAccountDeletion } from './accounts/account-privacy.contract.js';
import { listComedians } from './catalogue/comedians.contract.js';
import { generateJoke } from './jokes/generate-joke.contract.js';
import { jokeHistory } from './jokes/joke-history.contract.js';
import { jokeCard, publicJokePage, unpublishJoke } from './jokes/public-joke.contract.js';
import { rateJoke } from './engagement/rate-joke.contract.js';
import { shareJoke } from './engagement/share-joke.contract.js';
import { recordVisitorActivity } from './engagement/record-visitor-activity.contract.js';
import { engagementReport } from './engagement/engagement-report.contract.js';
import { funnelReport } from './engagement/funnel-report.contract.js';
import { refusalReport } from './engagement/refusal-report.contract.js';
import { createBillingPortalSession, createSubscription, stripeWebhook } from './billing/subscription.contract.js';
import { advanceBillingClock, confirmCard, getBillingClock, localPortalAction, localPortalPage } from './billing/local-billing.contract.js';
import { debugSubscription, getBillingConfig, getSubscriptionDetail, listSubscriptions, trialConversions } from './billing/billing-queries.contract.js';
import { subscriptionHistoryByEmail, subscriptionHistoryOfUser } from './billing/support.contract.js';
import { reportJoke, retractJokeReport } from './moderation/report-joke.contract.js';
import { dismissJokeReports, withdrawJoke } from './moderation/joke-takedown.contract.js';
import { reportedJokes } from './moderation/reported-jokes.contract.js';
import { getAudio, getVoicePreference, listVoices, saveVoicePreference, textToSpeech } from './voice/voice.contract.js';

/** Every HTTP call of the product. The edge routes by this list. */
export const contracts: readonly ContractDefinition[] = [
  generateJoke,
  jokeHistory,
  rateJoke,
  shareJoke,
  unpublishJoke,
  publicJokePage,
  jokeCard,
  recordVisitorActivity,
  engagementReport,
  funnelReport,
  refusalReport,
  listComedians,
  syncUser,
  logout,
  resetPassword,
  syncPasswordReset,
  listMailbox,
  readMail,
  getPublicConfig,
  exportMyData,
  requestAccountDeletion,
  cancelAccountDeletion,
  createSubscription,
  createBillingPortalSession,
  stripeWebhook,
  confirmCard,
  getBillingClock,
  advanceBillingClock,
  localPortalPage,
  localPortalAction,
  listSubscriptions,
  debugSubscription,
  getSubscriptionDetail,
  getBillingConfig,
  trialConversions,
  subscriptionHistoryOfUser,
  subscriptionHistoryByEmail,
  reportJoke,
  retractJokeReport,
  withdrawJoke,
  dismissJokeReports,
  reportedJokes,
  listVoices,
  getVoicePreference,
  saveVoicePreference,
  textToSpeech,
  getAudio,
];

export interface ContractMatch {
  contract: ContractDefinition;
  params: Record<string, string>;
}

function compile(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

const compiled = contracts.map((contract) => ({ contract, pattern: compile(contract.path) }));

/** Finds the contract for a request; HEAD matches GET as HTTP says it should. */
export function matchContract(method: string, pathname: string, list = compiled): ContractMatch | undefined {
  const wanted = (method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()) as HttpMethod;
  for (const { contract, pattern } of list) {
    if (contract.method !== wanted) continue;
    const found = pattern.exec(pathname);
    if (found) return { contract, params: { ...(found.groups ?? {}) } };
  }
  return undefined;
}

/** The side that owns a path for any method, so a wrong method still reaches a 405 from its owner. */
export function sideOfPath(pathname: string): Side | undefined {
  return compiled.find(({ pattern }) => pattern.test(pathname))?.contract.side;
}
