// Starting one of the API's worker threads: src/<entry>.ts run from the sources (the API's tests;
// tsx compiles it), dist/<entry>.js in the bundle (scripts/build.mjs builds each beside server.js).
import { Worker, type WorkerOptions } from 'node:worker_threads';

type ThreadEntry = 'pdf-worker' | 'jobs-worker';

export function startThread(entry: ThreadEntry, options: WorkerOptions = {}): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const source = JSON.stringify(new URL(`../${entry}.ts`, here).href);
    return new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); });`,
      { ...options, eval: true },
    );
  }
  return new Worker(new URL(`./${entry}.js`, here), options);
}
