import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

async function mailFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.eml')).map((name) => join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Removes the file outbox's mails that name the address anywhere (To:, the body); the count removed. */
export async function removeMailFilesTo(dir: string, address: string): Promise<number> {
  let removed = 0;
  for (const path of await mailFiles(dir)) {
    const text = (await readFile(path, 'utf8').catch(() => '')).toLowerCase();
    if (!text.includes(address)) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}

/** Removes the file outbox's mails written before `before` (the retention of LOG_RETENTION_DAYS); the count removed. */
export async function removeMailFilesBefore(dir: string, before: Date): Promise<number> {
  let removed = 0;
  for (const path of await mailFiles(dir)) {
    const info = await stat(path).catch(() => undefined);
    if (!info || info.mtime >= before) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}
