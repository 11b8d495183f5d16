export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured one-line JSON logs, the shape log shippers expect. */
export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, service: process.env.SERVICE_NAME, message, ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}
