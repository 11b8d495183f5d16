// For tests of promises the product makes about time ("refused within 5 s"):
// polls an HTTP request until it answers a status, and fails once the bound has
// passed. A bound kept, not a speed measured: no test asserts how fast.

/** Resolves once `request` answers `status`; throws with the last status once `boundMs` has passed. */
export async function answersWithin(request: () => Promise<Response>, status: number, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await request()).status;
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`still ${last} ${boundMs} ms later, expected ${status}`);
}
