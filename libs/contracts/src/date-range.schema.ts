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

/** The days a report's answer covers, as it was asked (null for an open end), extended with its rows. */
export const answeredDateRange = z.object({ from: z.string().nullable(), to: z.string().nullable() });
