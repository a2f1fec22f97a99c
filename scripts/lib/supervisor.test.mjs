// @vitest-environment node
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { backoffDelay, supervise } from './supervisor.mjs';
import { root } from './install.mjs';

/** A stand-in child process that dies when told to. */
function fakeChild(pid) {
  const child = new EventEmitter();
  Object.assign(child, { pid, exitCode: null, signalCode: null });
  child.die = (code = 1) => {
    child.exitCode = code;
    child.emit('exit', code, null);
  };
  child.kill = () => child.die(0);
  return child;
}

function harness() {
  const children = [];
  const pending = [];
  const lines = [];
  let clock = 0;
  const supervisor = supervise({
    name: 'mfe-configurator',
    start: () => {
      const child = fakeChild(100 + children.length);
      children.push(child);
      return child;
    },
    log: (line) => lines.push(line),
    now: () => clock,
    schedule: (run, ms) => pending.push({ run, ms }),
  });
  return {
    supervisor,
    children,
    pending,
    lines,
    advance: (ms) => (clock += ms),
    runNext: () => pending.shift().run(),
  };
}

describe('supervise', () => {
  it('restarts a process that dies, and logs the death and the restart', () => {
    const h = harness();
    h.children[0].die(1);
    expect(h.lines).toEqual(['mfe-configurator stopped unexpectedly (exit 1); restarting in 1s']);
    expect(h.children).toHaveLength(1);
    h.runNext();
    expect(h.children).toHaveLength(2);
    expect(h.supervisor.child).toBe(h.children[1]);
    expect(h.lines[1]).toBe('mfe-configurator restarted (pid 101, restart 1)');
  });

  it('waits twice as long after each quick death, up to 30 s, and starts over once it stayed up', () => {
    const h = harness();
    const delays = [];
    for (let i = 0; i < 7; i += 1) {
      h.children.at(-1).die(1);
      delays.push(h.pending[0].ms);
      h.runNext();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    h.advance(60_000);
    h.children.at(-1).die(1);
    expect(h.pending[0].ms).toBe(1000);
  });

  it('does not restart what it was asked to stop', async () => {
    const h = harness();
    await h.supervisor.stop();
    expect(h.children[0].exitCode).toBe(0);
    expect(h.pending).toHaveLength(0);
    expect(h.children).toHaveLength(1);
  });

  it('gives the pause for each attempt', () => {
    expect([1, 2, 3, 10].map((n) => backoffDelay(n))).toEqual([1000, 2000, 4000, 30000]);
  });

  it('restarts a real process that exits, and stops it for good on stop()', async () => {
    const lines = [];
    const supervisor = supervise({
      name: 'crashy',
      start: () => spawn(process.execPath, ['-e', 'setTimeout(() => process.exit(3), 50)']),
      log: (line) => lines.push(line),
      backoff: { firstMs: 20, maxMs: 40, stableMs: 10_000 },
    });
    await expect.poll(() => supervisor.restarts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await supervisor.stop();
    const after = supervisor.restarts;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(supervisor.restarts).toBe(after);
    expect(lines[0]).toBe('crashy stopped unexpectedly (exit 3); restarting in 0s');
  });

  it('leaves stopped, once, an API that refuses its configuration (NODE_ENV=production without its secrets), and says so', async () => {
    const lines = [];
    let starts = 0;
    let gaveUp;
    const given = new Promise((resolve) => (gaveUp = resolve));
    supervise({
      name: 'api',
      start: () => {
        starts += 1;
        return spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
          cwd: root,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'production',
            MONGODB_URI: 'mongodb://127.0.0.1:9/x',
          },
          stdio: 'ignore',
        });
      },
      log: (line) => lines.push(line),
      backoff: { firstMs: 20, maxMs: 40, stableMs: 10_000 },
      onGiveUp: gaveUp,
    });
    expect(await given).toBe(78);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(starts).toBe(1);
    expect(lines).toEqual([
      'api refused its configuration (listed above); not restarted until it is fixed',
    ]);
  }, 30_000);
});
