/**
 * The process's flags for a worker thread, less the V8 heap sizes a worker
 * refuses (ERR_WORKER_INVALID_EXEC_ARGV: a thread's heap is set by its
 * resourceLimits): a process started with `--max-old-space-size` or the
 * product's `--max-semi-space-size` must still start its threads.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  return execArgv.filter((flag) => !/^--max-(old-space|semi-space|young-generation)-size(=|$)/.test(flag));
}
