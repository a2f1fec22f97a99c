// The fonts' per-thread keeping (src/platform/pdf-fonts.ts): a word's layout and a glyph's outline
// are kept across PDFs, and a PDF drawn after others is the same as the first time it was drawn.
import { describe, expect, it } from 'vitest';
import { drawingOf } from './support/proof-drawings';
import { renderPdf } from '../src/modules/proofs/pdf';

/** The PDF without what differs from one rendering to the next: its creation date and its ID. */
const comparable = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '');

describe('PDF fonts kept per thread', () => {
  it('draws a proof the same after other proofs have laid out the same words at other sizes', async () => {
    const first = comparable(await renderPdf(drawingOf('MAIN PUMP 7')));
    // The same words, larger and in other company, then in another script.
    await renderPdf(drawingOf('PUMP'));
    await renderPdf(drawingOf('MAIN PUMP 7\nBACKUP PUMP 8'));
    await renderPdf(drawingOf('ポンプ 7 насос'));
    expect(comparable(await renderPdf(drawingOf('MAIN PUMP 7')))).toBe(first);
  });
});
