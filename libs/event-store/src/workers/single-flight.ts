/**
 * Calls with the same key made while one is in flight share its answer; a call
 * made after it settled starts afresh. Every projector of a process reads the
 * same batch at the same moment (one wake-up, one cursor): one query serves them all.
 */
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}
