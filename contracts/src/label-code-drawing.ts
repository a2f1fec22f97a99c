/**
 * A code's symbol as bwip-js draws it: the one encoder of the shop, used by the configurator's preview
 * (imported on demand, when a code is chosen), the proof and the production file. The symbol is kept
 * as bwip-js's own shapes in module units (y down): Code 128's bars as rectangles, a matrix code's
 * dark areas as the outlines bwip-js traces, filled with the even-odd rule. Every drawing of the shop
 * scales these same shapes into the box label-codes.ts fits.
 */
import { code128, datamatrix, qrcode } from 'bwip-js/generic';
import type { CodeType } from './asset-tags';
import type { CodeModules, CodeSymbol } from './label-codes';

export type { CodeSymbol } from './label-codes';

type Encoder = typeof qrcode;
const ENCODERS: Record<CodeType, Encoder> = { code128, qrcode, datamatrix };

/** QR's middle error correction (15% of the symbol may be lost to a scratch and still read). */
const OPTIONS: Record<CodeType, Record<string, string | number | boolean>> = {
  code128: { height: 10 },
  qrcode: { eclevel: 'M' },
  datamatrix: {},
};

/** Draws value as a code of this type; throws bwip-js's error when the value cannot be encoded. */
export function drawCode(type: CodeType, value: string): CodeSymbol {
  let width = 0;
  let height = 0;
  const outlines: number[][] = [];
  let bars: Array<{ x: number; width: number }> = [];
  ENCODERS[type](
    {
      bcid: type,
      text: value,
      scale: 1,
      paddingwidth: 0,
      paddingheight: 0,
      includetext: false,
      ...OPTIONS[type],
    },
    {
      scale: () => [1, 1],
      measure: () => ({ width: 0, ascent: 0, descent: 0 }),
      init(w: number, h: number) {
        width = w;
        height = h;
      },
      // A bar of a linear code: a vertical line whose x is the pixel after its middle (bwip-js
      // centres odd widths on a pixel), so it starts ceil(width / 2) modules before x.
      line(x0: number, _y0: number, _x1: number, _y1: number, lineWidth: number) {
        bars.push({ x: x0 - Math.ceil(lineWidth / 2), width: lineWidth });
      },
      polygon(points: Array<[number, number]>) {
        outlines.push(points.flat());
      },
      hexagon() {},
      ellipse() {},
      fill() {},
      text() {},
      end: () => null,
    },
  );
  if (type === 'code128') {
    bars = bars.sort((a, b) => a.x - b.x);
    for (const bar of bars) {
      outlines.push([bar.x, 0, bar.x + bar.width, 0, bar.x + bar.width, 1, bar.x, 1]);
    }
    return { type, columns: Math.round(width), rows: 1, outlines };
  }
  return { type, columns: Math.round(width), rows: Math.round(height), outlines };
}

const QR_ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;
const bounds = new Map<string, CodeModules>();

/**
 * The most modules any value like this one (same code type, same length, same kind of characters)
 * can take: the size of the hardest such value to encode. Values only take fewer (bwip-js packs
 * digits and runs of capitals tighter), so a label checked with the bound scans with any of them;
 * one encoding per kind and length serves every row of a spreadsheet.
 */
export function codeModulesBound(type: CodeType, value: string): CodeModules {
  const digits = /^[0-9]+$/.test(value);
  const length = type === 'qrcode' ? new TextEncoder().encode(value).length : value.length;
  const kind = digits
    ? '9'
    : type === 'qrcode' && QR_ALPHANUMERIC.test(value)
      ? 'A'
      : type === 'datamatrix'
        ? '~'
        : 'a';
  const key = `${type}:${kind}:${length}`;
  let found = bounds.get(key);
  if (!found) {
    const symbol = drawCode(type, kind.repeat(Math.max(1, length)));
    found = { columns: symbol.columns, rows: symbol.rows };
    bounds.set(key, found);
  }
  return found;
}
