// A proof's drawing for the PDF tests (pdf-thread.test.ts, pdf-fonts.test.ts): one 3″ × 2″ phenolic
// label with the given text and artwork.
import { proofDrawing } from '../../src/modules/proofs/drawing';

export const drawingOf = (
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
