import { z } from 'zod';
import { defineContract, errorBody } from '../contract.js';
import { text } from '../text.schema.js';

export const mailSummary = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  sent_at: z.string(),
  /** Links found in the mail, in order (confirmation, reset, ...). */
  links: z.array(z.string()),
});

export const mailDetail = mailSummary.extend({ text: z.string(), html: z.string().nullable() });

/**
 * The development mailbox: the mails the file outbox holds, reset links
 * included. It exists only while mail goes to the outbox (no SMTP configured)
 * and outside production (404 otherwise), and answers only requests from this
 * machine (403 otherwise).
 */
export const listMailbox = defineContract({
  name: 'listMailbox',
  method: 'GET',
  path: '/api/dev/mailbox',
  side: 'command',
  devTool: true,
  query: z.object({ to: text().optional() }),
  response: z.array(mailSummary),
  errors: { 403: errorBody, 404: errorBody },
});

export const readMail = defineContract({
  name: 'readMail',
  method: 'GET',
  path: '/api/dev/mailbox/:id',
  side: 'command',
  devTool: true,
  response: mailDetail,
  errors: { 403: errorBody, 404: errorBody },
});
