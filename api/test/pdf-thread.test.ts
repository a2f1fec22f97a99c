// The proof PDF worker thread (src/modules/proofs/pdf-thread.ts): each caller gets its own drawing's
// PDF when several are rendered at once, a drawing pdfkit cannot render fails its own caller only, and
// the worker goes on rendering after it.
import { describe, expect, it } from 'vitest';
import { proofDrawing } from '../src/modules/proofs/drawing';
import { renderPdfOffThread } from '../src/modules/proofs/pdf-thread';

const drawingOf = (
  customText: string,
  artwork: Parameters<typeof proofDrawing>[0]['artwork'] = [],
) =>
  proofDrawing({
    orderNumber: 1000,
    lineNumber: 1,
    lineCount: 1,
    productConfig: {
      material: 'phenolic',
      width: 3,
      height: 2,
      color: 'black-white',
      mounting: 'adhesive',
      customText,
    },
    quantity: 1,
    artwork,
  });

/** The title of the PDF's document information (an object of its own, written as it was given). */
function titleOf(pdf: Buffer): string | undefined {
  const text = pdf.toString('latin1');
  const object = /\/Title (\d+) 0 R/.exec(text)?.[1];
  return object ? new RegExp(`\\n${object} 0 obj\\n\\(([^)]*)\\)`).exec(text)?.[1] : undefined;
}

describe('renderPdfOffThread', () => {
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
    expect(String((failed as PromiseRejectedResult).reason)).toMatch(
      /Rendering a proof PDF failed/,
    );
    expect(fine.status).toBe('fulfilled');
    expect(titleOf((fine as PromiseFulfilledResult<Buffer>).value)).toBe('Fine');
    const after = await renderPdfOffThread({ ...drawingOf('AFTER'), title: 'After' });
    expect(titleOf(after)).toBe('After');
  });
});
