import { z } from 'zod';
import { text } from './text.schema.js';

/**
 * The days a report covers, both ends optional UTC dates (YYYY-MM-DD): every
 * report's query is this, extended with its own fields.
 */
export const dateRangeQuery = z.object({
  from: text().date().optional(),
  to: text().date().optional(),
});
export type DateRangeQuery = z.input<typeof dateRangeQuery>;
