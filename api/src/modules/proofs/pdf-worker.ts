// The worker thread that renders proof PDFs (pdf-thread.ts starts it): one drawing at a time, each
// answered under the id it came with. Its fonts are parsed on its first proof and kept.
import { parentPort } from 'node:worker_threads';
import type { ProofDrawing } from './drawing';
import { renderPdf } from './pdf';

export interface PdfJob {
  id: number;
  drawing: ProofDrawing;
}

export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

/** An image's bytes arrive as a Uint8Array (structured clone); pdfkit takes a Buffer. */
function withBuffers(drawing: ProofDrawing): ProofDrawing {
  return {
    ...drawing,
    primitives: drawing.primitives.map((primitive) =>
      primitive.kind === 'image'
        ? {
            ...primitive,
            data: Buffer.from(
              primitive.data.buffer,
              primitive.data.byteOffset,
              primitive.data.byteLength,
            ),
          }
        : primitive,
    ),
  };
}

parentPort?.on('message', async ({ id, drawing }: PdfJob) => {
  let answer: PdfAnswer;
  try {
    answer = { id, pdf: await renderPdf(withBuffers(drawing)) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
