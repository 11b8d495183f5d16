import { BadRequestException } from '@nestjs/common';
import { toValidationError } from '@jokes/contracts';
import type { z } from 'zod';

/** Validates input with a contract's schema; a failure is a 400 naming every field. */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new BadRequestException(toValidationError(result.error));
  return result.data;
}
