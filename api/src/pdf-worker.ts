// The worker thread that renders PDFs (platform/pdf-thread.ts starts it): one at a time, each
// answered under the id it came with. The proofs' fonts are parsed on the first proof and kept.
import { parentPort } from 'node:worker_threads';
import { renderInvoicePdf, type InvoiceInput } from './modules/orders/invoice';
import type { ProofDrawing } from './modules/proofs/drawing';
import { renderPdf } from './modules/proofs/pdf';
import { renderProductionPdf, type ProductionInput } from './modules/proofs/production';
import type { PdfAnswer, PdfJob } from './platform/pdf-thread';

const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** An image's bytes arrive as a Uint8Array (structured clone); pdfkit takes a Buffer. */
function withBuffers(drawing: ProofDrawing): ProofDrawing {
  const pages = (primitives: ProofDrawing['primitives']) =>
    primitives.map((primitive) =>
      primitive.kind === 'image' ? { ...primitive, data: asBuffer(primitive.data) } : primitive,
    );
  return {
    ...drawing,
    primitives: pages(drawing.primitives),
    pages: drawing.pages?.map((page) => ({ ...page, primitives: pages(page.primitives) })),
  };
}

function render({ kind, input }: PdfJob): Promise<Buffer> {
  if (kind === 'proof') return renderPdf(withBuffers(input as ProofDrawing));
  if (kind === 'production') {
    const production = input as ProductionInput;
    const image = production.engraved?.image;
    return renderProductionPdf({
      ...production,
      engraved: production.engraved && {
        ...production.engraved,
        image: image ? { ...image, data: asBuffer(image.data) } : null,
      },
    });
  }
  return renderInvoicePdf(input as InvoiceInput);
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
