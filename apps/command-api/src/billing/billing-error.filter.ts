import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import { SUBSCRIPTION_ERROR_MESSAGES } from '@jokes/contracts';
import { DomainError } from '@jokes/domain';
import { log } from '@jokes/server';
import type { Response } from 'express';
import { BillingProviderError } from './gateway/billing-gateway.js';

const STATUS: Record<string, number> = {
  subscription_not_found: 404,
  invalid_promo_code: 400,
  already_subscribed: 409,
  trial_used: 409,
  subscription_ended: 409,
  subscription_mismatch: 409,
  invalid_subscription_transition: 409,
};

/**
 * Billing failures in the SPEC's shape `{ error }`, where `error` is what the
 * subscribe and account pages show. Other errors go on to the global filter.
 */
@Catch(DomainError, BillingProviderError)
export class BillingErrorFilter implements ExceptionFilter {
  catch(error: DomainError | BillingProviderError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (error instanceof BillingProviderError) {
      log('error', 'billing provider failed', { operation: error.operation, error: error.message });
      response.status(502).json({ error: error.userMessage, message: 'The payment provider did not answer. Nothing was charged; please try again.' });
      return;
    }
    const status = STATUS[error.code] ?? 400;
    const text = error.code === 'subscription_not_found' ? SUBSCRIPTION_ERROR_MESSAGES.notFound : error.message;
    response.status(status).json({ error: text, code: error.code, message: error.message });
  }
}
