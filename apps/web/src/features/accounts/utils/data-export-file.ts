/** The name the server gives the attachment (issue 11): `standup-jokes-data-YYYY-MM-DD.json`. */
const EXPORT_FILE_NAME = /^standup-jokes-data-\d{4}-\d{2}-\d{2}\.json$/;

/**
 * The file name for a downloaded export: the server's own (its content-disposition),
 * else the same pattern on the document's generation date (UTC, as the server dates it).
 * Only a name of the expected pattern is taken: a header is no place to let a path through.
 */
export function exportFileName(contentDisposition: string | null, generatedAt: string): string {
  const named = /filename="?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1];
  if (named && EXPORT_FILE_NAME.test(named)) return named;
  const date = new Date(generatedAt);
  const day = Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString();
  return `standup-jokes-data-${day.slice(0, 10)}.json`;
}

/** The document as a file a person can read: indented JSON, ending in a newline. */
export function exportFileText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
