// Where the embedded PostgreSQL's binaries and data live, and as whom it runs.
//
// PostgreSQL refuses to run as root, so as root the server runs as the
// `postgres` user. That user must be able to reach the binaries (in
// node_modules) and the data folder. In a folder only root can enter (a clone
// under /root, a `mktemp -d` folder) it cannot; then both move to a folder it
// can reach, under EMBEDDED_PG_DIR (default /var/lib/standup-jokes), keyed by
// the path they stand for, so each clone and each data folder keeps its own:
//   <base>/binaries-<hash of the binaries' path>/   the server binaries (hard links when possible)
//   <base>/<name>-<hash of the data folder's path>/ the data, owned by postgres
// and the data folder the project asked for becomes a symbolic link to it.
// Beside each, `<folder>.stands-for` names what it stands for; when that is
// gone (the clone or the DATA_DIR was deleted), the next placement removes it.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { binary, type Binaries } from './binaries.ts';
import { postmasterPid, processAlive } from './postmaster.ts';

export interface ServerUser {
  uid: number;
  gid: number;
}

export interface Placement {
  binaries: Binaries;
  /** The data folder the server is given (the real one, when the asked-for path is a link to it). */
  dataDir: string;
  /** Set when this process is root: the server runs as `postgres`. */
  user?: ServerUser;
  /** Set when binaries or data had to move out of the project for the `postgres` user. */
  relocatedTo?: string;
}

const DEFAULT_BASES = ['/var/lib/standup-jokes', '/var/tmp/standup-jokes'];

export function placeServer(options: { dataDir: string; binaries: Binaries; base?: string; log: (line: string) => void }): Placement {
  const asked = resolve(options.dataDir);
  if (process.getuid?.() !== 0) {
    mkdirSync(asked, { recursive: true, mode: 0o700 });
    return { binaries: options.binaries, dataDir: asked };
  }
  const user = ensurePostgresUser();
  let binaries = options.binaries;
  let dataDir = existsSync(asked) ? realpathSync(asked) : asked;
  mkdirSync(dirname(dataDir), { recursive: true });
  const binariesReachable = canReach(user, binary(binaries, 'postgres'));
  const dataReachable = canReach(user, dirname(dataDir));
  if (!dataReachable && existsSync(join(dataDir, 'PG_VERSION'))) {
    // Never start an empty server next to one that holds data: say what to do instead.
    throw new Error(
      `The embedded PostgreSQL runs as the postgres user, who cannot reach its existing data in ${dataDir}. ` +
        `Let it through (chmod o+x on each parent folder of ${dataDir}), move the data with the project to a folder ` +
        `every user can traverse, or set DATABASE_URL.`,
    );
  }
  let base: string | undefined;
  if (!binariesReachable || !dataReachable) {
    base = usableBase(options.base, user);
    pruneOrphans(base, options.log);
    if (!binariesReachable) binaries = copyBinaries(binaries, base);
    if (!dataReachable) {
      dataDir = join(base, `${basename(asked)}-${hash(asked)}`);
      // The folder that holds the link: deleting the clone or the DATA_DIR deletes it.
      writeFileSync(placementRecord(dataDir), dirname(asked));
      if (!existsSync(asked)) symlinkSync(dataDir, asked);
      options.log(`the postgres user cannot reach ${dirname(asked)}: the data lives in ${dataDir} (${asked} links to it)`);
    }
    if (!binariesReachable) options.log(`the postgres user cannot reach node_modules: the server binaries are in ${binaries.root}`);
  }
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
  // PostgreSQL insists its data folder is its own and private.
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    chownSync(dataDir, user.uid, user.gid);
    chmodSync(dataDir, 0o700);
  }
  return { binaries, dataDir, user, relocatedTo: base };
}

function ensurePostgresUser(): ServerUser {
  const lookup = (): ServerUser | undefined => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
  } catch {
    // Another process may have created it meanwhile; the lookup below decides.
  }
  const created = lookup();
  if (!created) throw new Error('PostgreSQL cannot run as root and there is no postgres user to run it as (creating one failed): create it, or set DATABASE_URL.');
  return created;
}

/** Asks the kernel, as `user`, whether `path` can be reached (every parent searchable) and used. */
export function canReach(user: ServerUser, path: string): boolean {
  const probe = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
  return probe.status === 0;
}

function usableBase(asked: string | undefined, user: ServerUser): string {
  const candidates = asked ? [asked] : DEFAULT_BASES;
  for (const candidate of candidates) {
    try {
      mkdirSync(candidate, { recursive: true, mode: 0o755 });
      if (canReach(user, candidate)) return candidate;
    } catch {
      // Read-only or not ours: try the next one.
    }
  }
  throw new Error(
    `The embedded PostgreSQL runs as the postgres user, who cannot reach this project's folder, and none of ${candidates.join(', ')} ` +
      `could hold its files. Set EMBEDDED_PG_DIR to a folder the postgres user can reach, clone into a folder every user can traverse, or set DATABASE_URL.`,
  );
}

/** A copy of the binaries the postgres user can run, made once per binaries' path and version. */
function copyBinaries(binaries: Binaries, base: string): Binaries {
  const target = join(base, `binaries-${hash(binaries.root)}`);
  const stamp = join(target, '.version');
  const current = existsSync(stamp) ? readFileSync(stamp, 'utf8') : undefined;
  if (current !== binaries.version) {
    // Built aside and renamed into place, so a concurrent start never runs a half copy.
    const staging = `${target}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    linkOrCopyTree(binaries.root, join(staging, 'native'));
    writeFileSync(join(staging, '.version'), binaries.version);
    rmSync(target, { recursive: true, force: true });
    try {
      renameSync(staging, target);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== binaries.version) throw error;
    }
  }
  writeFileSync(placementRecord(target), binaries.root);
  return { root: join(target, 'native'), version: binaries.version };
}

const STANDS_FOR = '.stands-for';

/** The record beside a relocated folder (see pruneOrphans); whoever removes the folder removes it too. */
export const placementRecord = (folder: string) => `${folder}${STANDS_FOR}`;

/**
 * Removes the relocated folders whose checkout or DATA_DIR is gone (about
 * 100 MB each: a deleted clone cannot take them along), unless a server still
 * runs on one. Folders without a record (older ones) are left alone.
 */
function pruneOrphans(base: string, log: (line: string) => void): void {
  for (const name of readdirSync(base)) {
    if (!name.endsWith(STANDS_FOR)) continue;
    const record = join(base, name);
    const folder = record.slice(0, -STANDS_FOR.length);
    try {
      const standsFor = readFileSync(record, 'utf8');
      // Never the data a live postmaster holds.
      const pid = postmasterPid(folder);
      if (existsSync(standsFor) || (pid !== undefined && processAlive(pid))) continue;
      rmSync(folder, { recursive: true, force: true });
      rmSync(record, { force: true });
      log(`removed ${folder}: ${standsFor} is gone`);
    } catch (error) {
      log(`could not remove ${folder}: ${(error as Error).message}`);
    }
  }
}

/** Hard links cost no space and keep the files' modes; another file system gets a copy. */
function linkOrCopyTree(source: string, target: string): void {
  mkdirSync(target, { recursive: true, mode: 0o755 });
  for (const name of readdirSync(source)) {
    const from = join(source, name);
    const to = join(target, name);
    const info = lstatSync(from);
    if (info.isDirectory()) linkOrCopyTree(from, to);
    else if (info.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else {
      try {
        linkSync(from, to);
      } catch {
        copyFileSync(from, to);
        chmodSync(to, info.mode & 0o7777);
      }
    }
  }
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);
