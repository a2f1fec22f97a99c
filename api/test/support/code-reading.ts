// Reading back the codes the shop drew, as a scanner would: the code shapes of a PDF (each a group of
// closed paths filled by the even-odd rule, `f*`, as proofs/pdf.ts writes them) are rasterized here,
// dark on light, and decoded by ZXing (@zxing/library, pure JavaScript).
import { inflateSync } from 'node:zlib';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import type { CodeType } from '@shop/contracts';

const FORMATS: Record<CodeType, BarcodeFormat> = {
  code128: BarcodeFormat.CODE_128,
  qrcode: BarcodeFormat.QR_CODE,
  datamatrix: BarcodeFormat.DATA_MATRIX,
};

/** The content streams of a PDF, inflated where they are compressed. */
function contentStreams(pdf: Buffer): string[] {
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const dictionary = pdf.toString('latin1', Math.max(0, start - 200), start);
    const dataStart = start + (pdf[start + 6] === 0x0d ? 8 : 7);
    const end = pdf.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    const data = pdf.subarray(dataStart, end);
    try {
      streams.push(
        dictionary.includes('/FlateDecode')
          ? inflateSync(data).toString('latin1')
          : data.toString('latin1'),
      );
    } catch {
      // Not a stream this reader needs (a font, an image).
    }
    at = end + 9;
  }
  return streams;
}

/** Every code drawn in the PDF, in the order drawn: its outlines in points (y down, as drawn). */
export function codeShapesInPdf(pdf: Buffer): number[][][] {
  const shapes: number[][][] = [];
  // The outlines, then the fill colour's operators, then the even-odd fill.
  const group = /((?:-?[\d.]+ -?[\d.]+ [ml]\n|h\n)+)(?:[^\n]*\n){0,3}f\*/g;
  for (const stream of contentStreams(pdf)) {
    for (const match of stream.matchAll(group)) {
      const outlines: number[][] = [];
      let current: number[] = [];
      for (const line of match[1]!.split('\n')) {
        const parts = line.split(' ');
        if (parts[2] === 'm') {
          if (current.length) outlines.push(current);
          current = [Number(parts[0]), Number(parts[1])];
        } else if (parts[2] === 'l') {
          current.push(Number(parts[0]), Number(parts[1]));
        }
      }
      if (current.length) outlines.push(current);
      shapes.push(outlines);
    }
  }
  return shapes;
}

/** The outlines filled dark on white (even-odd), with a white margin, about `pixels` across. */
export function rasterize(outlines: number[][], pixels = 600) {
  const xs = outlines.flatMap((outline) => outline.filter((_, index) => index % 2 === 0));
  const ys = outlines.flatMap((outline) => outline.filter((_, index) => index % 2 === 1));
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const scale = pixels / Math.max(maxX - minX, maxY - minY);
  const margin = Math.ceil(pixels * 0.12);
  const width = Math.ceil((maxX - minX) * scale) + 2 * margin;
  const height = Math.ceil((maxY - minY) * scale) + 2 * margin;
  const luminance = new Uint8ClampedArray(width * height).fill(255);
  const edges: Array<[number, number, number, number]> = [];
  for (const outline of outlines) {
    for (let i = 0; i < outline.length; i += 2) {
      const j = (i + 2) % outline.length;
      edges.push([
        (outline[i]! - minX) * scale + margin,
        (outline[i + 1]! - minY) * scale + margin,
        (outline[j]! - minX) * scale + margin,
        (outline[j + 1]! - minY) * scale + margin,
      ]);
    }
  }
  // Scanlines: where each row crosses the edges, filled between pairs (the even-odd rule).
  for (let row = 0; row < height; row++) {
    const y = row + 0.5;
    const crossings: number[] = [];
    for (const [x1, y1, x2, y2] of edges) {
      if (y1 === y2 || y < Math.min(y1, y2) || y >= Math.max(y1, y2)) continue;
      crossings.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      for (let x = Math.ceil(crossings[k]! - 0.5); x < Math.ceil(crossings[k + 1]! - 0.5); x++) {
        if (x >= 0 && x < width) luminance[row * width + x] = 0;
      }
    }
  }
  return { width, height, luminance };
}

/** What ZXing reads in the image: the code's text, or throws when it reads nothing. */
export function decodeImage(
  type: CodeType,
  image: { width: number; height: number; luminance: Uint8ClampedArray },
): string {
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [FORMATS[type]]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  reader.setHints(hints);
  const source = new RGBLuminanceSource(image.luminance, image.width, image.height);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

/** Every code in the PDF, read back in the order drawn. */
export function decodeCodesInPdf(type: CodeType, pdf: Buffer): string[] {
  return codeShapesInPdf(pdf).map((outlines) => decodeImage(type, rasterize(outlines)));
}
