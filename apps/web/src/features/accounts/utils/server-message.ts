import { isApiError } from '../../../shared/api/http-error';

/** SPEC 7: a failed account call shows the server's message (its `message`, else its `error`). */
export function serverMessage(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : '';
  const body = error.body;
  if (typeof body === 'object' && body !== null) {
    const { message, error: name } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    if (typeof name === 'string' && name !== '') return name;
  }
  return error.message;
}
