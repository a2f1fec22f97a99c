// Proof PDFs are rendered on a worker thread (pdf-worker.ts), not on the thread that answers requests.
// pdfkit draws synchronously: a proof took 20 to 160 ms of one stretch, and every request the process
// had in flight waited for it; under `npm run bench:load` the mail worker renders one per paid order
// (api/README.md, "Load"). One worker per process, started on the first proof, renders one drawing at
// a time; it keeps the process alive only while it has work.
import { Worker } from 'node:worker_threads';
import type { ProofDrawing } from './drawing';
import type { PdfAnswer, PdfJob } from './pdf-worker';

interface Waiting {
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();
let lastId = 0;

function startWorker(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // Run from the sources (the API's tests, tsx): the worker compiles its TypeScript through tsx.
    const entry = JSON.stringify(new URL('./pdf-worker.ts', here).href);
    return new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`,
      { eval: true },
    );
  }
  // The bundle: dist/pdf-worker.js, built beside dist/server.js (scripts/build.mjs).
  return new Worker(new URL('./pdf-worker.js', here));
}

function runningWorker(): Worker {
  if (worker) return worker;
  const started = startWorker();
  started.on('message', ({ id, ...answer }: PdfAnswer) => {
    const job = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) started.unref();
    if ('pdf' in answer)
      job?.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else job?.reject(new Error(`Rendering a proof PDF failed: ${answer.error}`));
  });
  // A worker that failed or stopped fails what it had; the next proof starts a new one.
  const stopped = (error: Error) => {
    if (worker === started) worker = null;
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };
  started.on('error', stopped);
  started.on('exit', (code) =>
    stopped(new Error(`The proof PDF worker stopped (exit code ${code})`)),
  );
  worker = started;
  return started;
}

/** The drawing as a PDF, rendered on the worker thread. */
export function renderPdfOffThread(drawing: ProofDrawing): Promise<Buffer> {
  const target = runningWorker();
  const id = ++lastId;
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    target.ref();
    target.postMessage({ id, drawing } satisfies PdfJob);
  });
}
