import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, log, unreadableRequest, validationBody } from '@jokes/server';
import type { Response } from 'express';

/**
 * The answers of the pages and calls this provider serves to browsers, in the
 * product's shapes (the edge puts them on the product's origin): a request it
 * cannot read is a 4xx that says why, PostgreSQL down is a 503 to retry.
 */
@Catch()
export class LocalStripeErrorFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const unreadable = unreadableRequest(error);
    if (unreadable) return void response.status(unreadable.status).json(validationBody([], unreadable.message));
    if (error instanceof HttpException) {
      const body = error.getResponse();
      return void response.status(error.getStatus()).json(typeof body === 'string' ? { error: body } : body);
    }
    if (isDatabaseUnavailable(error)) {
      log('warn', 'database unavailable', { error: error instanceof Error ? error.message : String(error) });
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return void response.status(503).json({ error: 'Service Unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    log('error', 'local provider request failed', { error: error instanceof Error ? error.stack : String(error) });
    response.status(500).json({ error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
  }
}
