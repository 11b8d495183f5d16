import { BadRequestException } from '@nestjs/common';
import { toValidationError, type ValidationErrorBody } from '@jokes/contracts';
import type { z } from 'zod';

/** Validates input with a contract's schema; a failure is a 400 naming every field. */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new BadRequestException(toValidationError(result.error));
  return result.data;
}

/** The 400 body of one problem at one field (`data.nick`), or of the request as a whole (`_`). */
export function validationBody(path: readonly string[], message: string): ValidationErrorBody {
  const field = path.length > 0 ? path.join('.') : '_';
  return { error: 'Invalid request', message: path.length > 0 ? `${field}: ${message}` : message, fieldErrors: { [field]: [message] } };
}
