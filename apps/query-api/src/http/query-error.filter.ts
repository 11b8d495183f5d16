import { Catch } from '@nestjs/common';
import { DomainError } from '@jokes/domain';
import { domainErrorResponse, ErrorFilter } from '@jokes/server';

/** Failures of the read side; domain errors answer by the one table of libs/server, as on the write side. */
@Catch()
export class QueryErrorFilter extends ErrorFilter {
  constructor() {
    super({ matchers: [(error) => (error instanceof DomainError ? domainErrorResponse(error) : undefined)], failureLog: 'query failed' });
  }
}
