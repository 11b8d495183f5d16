import { Catch } from '@nestjs/common';
import { ErrorFilter } from '@jokes/server';

/**
 * The answers of the pages and calls this provider serves to browsers, in the
 * product's shapes (the edge puts them on the product's origin): a request it
 * cannot read is a 4xx that says why, PostgreSQL down is a 503 to retry.
 */
@Catch()
export class LocalStripeErrorFilter extends ErrorFilter {
  constructor() {
    super({ failureLog: 'local provider request failed' });
  }
}
