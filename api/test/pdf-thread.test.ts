// The PDF worker thread (src/platform/pdf-thread.ts, src/pdf-worker.ts): each caller gets its own
// PDF when several are rendered at once, a drawing pdfkit cannot render fails its own caller only, and
// the worker goes on rendering after it.
import { describe, expect, it } from 'vitest';
import { drawingOf } from './support/proof-drawings';
import { loadConfig } from '../src/config';
import type { InvoiceInput } from '../src/modules/orders/invoice';
import { renderOffThread } from '../src/platform/pdf-thread';
import { customerInfo } from './support/shop-flows';

const renderPdfOffThread = (drawing: ReturnType<typeof drawingOf>) =>
  renderOffThread('proof', drawing);

/** The title of the PDF's document information (an object of its own, written as it was given). */
function titleOf(pdf: Buffer): string | undefined {
  const text = pdf.toString('latin1');
  const object = /\/Title (\d+) 0 R/.exec(text)?.[1];
  return object ? new RegExp(`\\n${object} 0 obj\\n\\(([^)]*)\\)`).exec(text)?.[1] : undefined;
}

describe('renderOffThread', () => {
  it('answers each of several drawings rendered at once with its own PDF', async () => {
    const texts = ['PUMP 1', 'VALVE 22', 'TANK 333'];
    const drawings = texts.map((text, index) => ({
      ...drawingOf(text),
      title: `Proof ${index}`,
    }));
    const pdfs = await Promise.all(drawings.map(renderPdfOffThread));
    for (const [index, pdf] of pdfs.entries()) {
      expect(Buffer.isBuffer(pdf)).toBe(true);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(titleOf(pdf)).toBe(`Proof ${index}`);
    }
  });

  it('fails only the caller whose drawing cannot be rendered, and renders the next one', async () => {
    const broken = drawingOf('BROKEN', [
      { name: 'not-an-image.png', image: { mime: 'image/png', data: Buffer.from('not a png') } },
    ]);
    const [failed, fine] = await Promise.allSettled([
      renderPdfOffThread(broken),
      renderPdfOffThread({ ...drawingOf('FINE'), title: 'Fine' }),
    ]);
    expect(failed.status).toBe('rejected');
    expect(String((failed as PromiseRejectedResult).reason)).toMatch(/Rendering a PDF failed/);
    expect(fine.status).toBe('fulfilled');
    expect(titleOf((fine as PromiseFulfilledResult<Buffer>).value)).toBe('Fine');
    const after = await renderPdfOffThread({ ...drawingOf('AFTER'), title: 'After' });
    expect(titleOf(after)).toBe('After');
  });

  it('renders an invoice beside a proof, each answered to its caller', async () => {
    const paidAt = new Date('2026-03-02T15:00:00Z');
    const input: InvoiceInput = {
      order: {
        orderNumber: 1234,
        status: 'processing',
        paymentStatus: 'paid',
        paidAt,
        paymentId: 'sbxpay_test',
        createdAt: paidAt,
        customerInfo: customerInfo() as Required<ReturnType<typeof customerInfo>>,
        items: [],
        subtotalCents: 1040,
        discountCode: null,
        discountCents: 0,
        shippingCents: 515,
        taxCents: 65,
        taxRegion: 'IL',
        totalCents: 1620,
        refundedCents: 0,
      },
      shop: loadConfig({ NODE_ENV: 'test', MONGODB_URI: 'mongodb://127.0.0.1:1/unused' }).shop,
      lines: [],
    };
    const [invoice, proof] = await Promise.all([
      renderOffThread('invoice', input),
      renderPdfOffThread({ ...drawingOf('BESIDE'), title: 'Beside' }),
    ]);
    expect(titleOf(invoice)).toBe('Invoice 1234');
    expect(titleOf(proof)).toBe('Beside');
  });
});
