import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What global setup started, for tests that need a service's address or must stop one. */
export interface StackState {
  urls: Record<string, string>;
  env: Record<string, string>;
  pids: Record<string, number>;
  restarted?: Record<string, number>;
}

export const STATE_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/e2e-stack.json');

export function readStackState(): StackState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
}

/** A test that restarted a service records its new process, so teardown stops it too. */
export function recordRestartedProcess(name: string, pid: number): void {
  const state = readStackState();
  state.restarted = { ...state.restarted, [name]: pid };
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}
