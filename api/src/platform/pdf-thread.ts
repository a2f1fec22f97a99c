// PDFs are rendered on a worker thread (src/pdf-worker.ts), not on the thread that answers requests.
// pdfkit draws synchronously, tens of milliseconds in one stretch, and every request the process had
// in flight would wait for it (the mail worker renders a proof per paid order). One worker per
// process, started on the first PDF, renders one at a time; it keeps the process alive only while it
// has work. Each module names what it renders (proofs/pdf.ts, orders/invoice.ts) and passes plain
// data: what the worker gets is a structured clone (Buffers arrive as Uint8Arrays, Dates as Dates).
import type { Worker } from 'node:worker_threads';
import { startThread } from './threads';

/** A PDF to render: the kind names the renderer in src/pdf-worker.ts. */
export interface PdfJob {
  id: number;
  kind: 'proof' | 'invoice' | 'production';
  input: unknown;
}

export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

interface Waiting {
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();
let lastId = 0;

function runningWorker(): Worker {
  if (worker) return worker;
  const started = startThread('pdf-worker');
  started.on('message', ({ id, ...answer }: PdfAnswer) => {
    const job = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) started.unref();
    if ('pdf' in answer)
      job?.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else job?.reject(new Error(`Rendering a PDF failed: ${answer.error}`));
  });
  // A worker that failed or stopped fails what it had; the next PDF starts a new one.
  const stopped = (error: Error) => {
    if (worker === started) worker = null;
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };
  started.on('error', stopped);
  started.on('exit', (code) => stopped(new Error(`The PDF worker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/** The PDF of `input` as the worker's renderer of `kind` draws it. */
export function renderOffThread(kind: PdfJob['kind'], input: unknown): Promise<Buffer> {
  const target = runningWorker();
  const id = ++lastId;
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    target.ref();
    target.postMessage({ id, kind, input } satisfies PdfJob);
  });
}
