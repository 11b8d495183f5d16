import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { DomainError } from '@jokes/domain';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  domainErrorResponse,
  isDatabaseUnavailable,
  log,
  unreadableRequest,
  validationBody,
} from '@jokes/server';
import type { Response } from 'express';

/** Failures of the read side; domain errors answer by the one table of libs/server, as on the write side. */
@Catch()
export class QueryErrorFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const unreadable = unreadableRequest(error);
    if (unreadable) {
      response.status(unreadable.status).json(validationBody([], unreadable.message));
      return;
    }
    if (error instanceof DomainError) {
      const { status, body } = domainErrorResponse(error);
      response.status(status).json(body);
      return;
    }
    if (error instanceof HttpException) {
      const body = error.getResponse();
      response.status(error.getStatus()).json(typeof body === 'string' ? { error: body } : body);
      return;
    }
    if (isDatabaseUnavailable(error)) {
      // Expected while PostgreSQL restarts: one line, not a stack per request.
      log('warn', 'database unavailable', { error: error instanceof Error ? error.message : String(error) });
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      response.status(503).json({ error: 'Service Unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });
      return;
    }
    log('error', 'query failed', { error: error instanceof Error ? error.stack : String(error) });
    response.status(500).json({ error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
  }
}
