import { readFileSync, writeFileSync } from 'node:fs';

/** What global setup started, for tests that need a service's address or must stop one. */
export interface StackState {
  urls: Record<string, string>;
  env: Record<string, string>;
  pids: Record<string, number>;
  restarted?: Record<string, number>;
}

/** Global setup names a fresh file per run (inherited by the workers), so two runs never share state. */
export function stateFile(): string {
  const file = process.env.E2E_STATE_FILE;
  if (!file)
    throw new Error(
      'E2E_STATE_FILE is unset: run the tests through playwright.config.ts (its global setup sets it)',
    );
  return file;
}

export function readStackState(): StackState {
  return JSON.parse(readFileSync(stateFile(), 'utf8')) as StackState;
}

/** A test that restarted a service records its new process, so teardown stops it too. */
export function recordRestartedProcess(name: string, pid: number): void {
  const state = readStackState();
  state.restarted = { ...state.restarted, [name]: pid };
  writeFileSync(stateFile(), JSON.stringify(state, null, 2));
}
