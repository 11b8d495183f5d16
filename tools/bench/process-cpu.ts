// CPU time of the processes under one root (Linux /proc), grouped by what they
// are, so a figure can say where its time went: edge, command-api, postgres...
import { readdirSync, readFileSync } from 'node:fs';

const TICK_US = 10_000;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) => (read(`/proc/${pid}/task/${task}/children`) ?? '').split(' ').filter(Boolean).map(Number));
}

/** user + system CPU of one process, in microseconds. */
function cpuUs(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

/** A short name for a process: the app its script belongs to, or the program. */
function nameOf(pid: number): string {
  const commandLine = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ');
  const app = /apps\/([\w-]+)\/dist\//.exec(commandLine);
  if (app) return app[1]!;
  if (/bare-server\.ts/.test(commandLine)) return 'bare';
  if (/tools\/(dist\/)?start\.[jt]s/.test(commandLine)) return 'supervisor';
  const comm = (read(`/proc/${pid}/comm`) ?? '').trim();
  return comm.startsWith('postgres') ? 'postgres' : comm || String(pid);
}

export type CpuSnapshot = Map<number, { name: string; us: number }>;

/** CPU microseconds of every descendant of `root` (not `root` itself), by process id. */
export function cpuByName(root: number): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  const walk = (pid: number) => {
    for (const child of childrenOf(pid)) {
      snapshot.set(child, { name: nameOf(child), us: cpuUs(child) });
      walk(child);
    }
  };
  walk(root);
  return snapshot;
}

/**
 * What each kind of process spent between two snapshots, process by process (a
 * connection's backend that started in between counts whole; one that ended in
 * between is lost, so figures err low, never by another process's history).
 */
export function cpuDelta(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  const delta = new Map<string, number>();
  for (const [pid, { name, us }] of after) delta.set(name, (delta.get(name) ?? 0) + Math.max(0, us - (before.get(pid)?.us ?? 0)));
  return delta;
}

/** Proportional set size (kB) of every process under `root`, `root` included, by the same names as the CPU figures. */
export function pssByName(root: number): Map<string, number> {
  const sizes = new Map<string, number>();
  const add = (pid: number, name: string) => {
    const kb = Number(/^Pss:\s+(\d+)/m.exec(read(`/proc/${pid}/smaps_rollup`) ?? '')?.[1] ?? 0);
    sizes.set(name, (sizes.get(name) ?? 0) + kb);
  };
  add(root, nameOf(root));
  const walk = (pid: number) => {
    for (const child of childrenOf(pid)) {
      add(child, nameOf(child));
      walk(child);
    }
  };
  walk(root);
  return sizes;
}

/** This process's own CPU (the load generator) in microseconds. */
export function ownCpuUs(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}
