// Test-only crash points: api/test/faults.test.ts starts a real server process with SHOP_FAULT_POINT
// set and the process dies at that point, as a machine losing power would, so the test can check what
// the retry on another process finds. Only under NODE_ENV=test; anywhere else this does nothing.
type FaultPoint = 'after-order-write' | 'after-paid' | 'after-mail-write';

export function crashAt(point: FaultPoint): void {
  if (process.env.NODE_ENV === 'test' && process.env.SHOP_FAULT_POINT === point)
    process.kill(process.pid, 'SIGKILL');
}
