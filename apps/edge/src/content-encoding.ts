export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send, from the client's Accept-Encoding: brotli, else gzip,
 * neither if it did not offer them (or gave them q=0).
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const offered = new Map<string, number>();
  for (const part of String(acceptEncoding).split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    if (name) offered.set(name, quality === undefined ? 1 : Number(quality));
  }
  const accepts = (encoding: Encoding) => (offered.get(encoding) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}
