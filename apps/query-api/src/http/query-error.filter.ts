import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { log } from '@jokes/server';
import type { Response } from 'express';

@Catch()
export class QueryErrorFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (error instanceof HttpException) {
      const body = error.getResponse();
      response.status(error.getStatus()).json(typeof body === 'string' ? { error: body } : body);
      return;
    }
    log('error', 'query failed', { error: error instanceof Error ? error.stack : String(error) });
    response.status(500).json({ error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
  }
}
