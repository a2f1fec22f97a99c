// The worker thread that renders PDFs (platform/pdf-thread.ts starts it): one at a time, each
// answered under the id it came with. The proofs' fonts are parsed on the first proof and kept.
import { parentPort } from 'node:worker_threads';
import { renderInvoicePdf, type InvoiceInput } from './modules/orders/invoice';
import type { ProofDrawing } from './modules/proofs/drawing';
import { renderPdf } from './modules/proofs/pdf';
import type { PdfAnswer, PdfJob } from './platform/pdf-thread';

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

function render({ kind, input }: PdfJob): Promise<Buffer> {
  if (kind === 'proof') return renderPdf(withBuffers(input as ProofDrawing));
  const { order, shop } = input as InvoiceInput;
  return renderInvoicePdf(order, shop);
}

parentPort?.on('message', async (job: PdfJob) => {
  let answer: PdfAnswer;
  try {
    answer = { id: job.id, pdf: await render(job) };
  } catch (error) {
    answer = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
