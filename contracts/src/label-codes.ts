/**
 * How large a code must be to scan once engraved (docs/product.md section 12, "Codes that scan"), and
 * where its symbol sits in the box the label's layout gives it. Pure numbers: the symbol's size in
 * modules comes from label-code-drawing.ts (bwip-js), which only the places that draw codes load.
 */
import { CODE_TYPE_LABELS, isMatrixCode, type CodeType } from './asset-tag-options';
import { MATERIAL_LABELS, type Material } from './label-options';

/**
 * The narrowest bar (Code 128's X-dimension) and the smallest module (QR, Data Matrix) the laser
 * marks reliably on each material, in inches. The beam burns a spot about 0.004 in wide into the
 * laminate's cap layer (0.003 in into cast acrylic); below about three spots a bar or module loses
 * its edges and a scanner reads neighbours as one. Matrix codes need more: a phone camera resolves
 * them from further away, across two axes. The UV-resistant laminate's cap is thicker, so its marks
 * spread more, and outdoor tags are read from further away.
 */
export const MIN_MODULE_INCHES: Record<Material, { linear: number; matrix: number }> = {
  indoor: { linear: 0.01, matrix: 0.015 },
  phenolic: { linear: 0.01, matrix: 0.015 },
  'uv-resistant': { linear: 0.013, matrix: 0.02 },
};

/** Clear space around the symbol, in modules (Code 128: ISO/IEC 15417; QR: 18004; Data Matrix: 16022). */
export const QUIET_ZONE_MODULES: Record<CodeType, number> = {
  code128: 10,
  qrcode: 4,
  datamatrix: 1,
};

/** Code 128 bars shorter than this are hard to hit with a handheld scanner's line. */
export const MIN_BAR_HEIGHT_INCHES = 0.25;

/** A symbol's size in modules: Code 128 is `columns` wide and one row; matrix codes columns x rows. */
export interface CodeModules {
  columns: number;
  rows: number;
}

/** A code's symbol as bwip-js draws it (label-code-drawing.ts), in module units, y down. */
export interface CodeSymbol extends CodeModules {
  type: CodeType;
  /** Closed outlines, each [x0, y0, x1, y1, ...] in modules; Code 128's rows span 0 to 1. */
  outlines: number[][];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CodeFit {
  /** Where the symbol's modules go (quiet zone excluded), in the box's units. */
  symbol: Box;
  /** One module's width (Code 128: the narrowest bar), in inches. */
  module: number;
  /** Why it would not scan, or null. */
  problem: string | null;
}

const thousandths = (inches: number) => `${inches.toFixed(3)} in`;

/**
 * A size found short of `minimum`, in thousandths unless those would show the two alike (0.0098
 * against 0.010): then in ten-thousandths, rounded down, so it always reads as less.
 */
function shortOf(inches: number, minimum: number): string {
  if (thousandths(inches) !== thousandths(minimum)) return thousandths(inches);
  return `${(Math.floor(inches * 10_000) / 10_000).toFixed(4)} in`;
}

/**
 * The symbol placed in its box (inches): centred, as large as the box and the quiet zone allow, and
 * whether it is large enough to scan on this material.
 */
export function fitCode(
  type: CodeType,
  modules: CodeModules,
  box: Box,
  material: Material,
): CodeFit {
  const quiet = QUIET_ZONE_MODULES[type];
  const minimum = MIN_MODULE_INCHES[material][isMatrixCode(type) ? 'matrix' : 'linear'];
  const name = CODE_TYPE_LABELS[type];
  const where = `laser engraving on ${MATERIAL_LABELS[material].name} needs at least ${thousandths(minimum)}`;
  if (isMatrixCode(type)) {
    const across = Math.max(modules.columns, modules.rows) + 2 * quiet;
    const module = Math.min(box.width, box.height) / across;
    const width = module * modules.columns;
    const height = module * modules.rows;
    return {
      module,
      symbol: {
        x: box.x + (box.width - width) / 2,
        y: box.y + (box.height - height) / 2,
        width,
        height,
      },
      problem:
        module + 1e-9 < minimum
          ? `Too small to scan: the ${name}'s squares would be ${shortOf(module, minimum)} wide and ${where}. Choose a larger label or a shorter value.`
          : null,
    };
  }
  const module = box.width / (modules.columns + 2 * quiet);
  const width = module * modules.columns;
  const symbol = { x: box.x + (box.width - width) / 2, y: box.y, width, height: box.height };
  const problem =
    module + 1e-9 < minimum
      ? `Too small to scan: the ${name}'s narrowest bars would be ${shortOf(module, minimum)} wide and ${where}. Choose a wider label or a shorter value.`
      : box.height + 1e-9 < MIN_BAR_HEIGHT_INCHES
        ? `Too small to scan: the ${name}'s bars would be ${shortOf(box.height, MIN_BAR_HEIGHT_INCHES)} tall; a scanner needs at least ${thousandths(MIN_BAR_HEIGHT_INCHES)}. Choose a taller label.`
        : null;
  return { module, symbol, problem };
}

/**
 * Light modules on a dark plate (black, red): phone cameras read an inverted code, many handheld
 * scanners do not.
 */
export function invertedCodeWarning(background: string, text: string): string | null {
  const lightness = (hex: string) => {
    const value = Number.parseInt(hex.slice(1), 16);
    return 0.299 * (value >> 16) + 0.587 * ((value >> 8) & 0xff) + 0.114 * (value & 0xff);
  };
  return lightness(text) > lightness(background)
    ? 'The code is engraved light on a dark plate: phone cameras read it, many handheld barcode scanners do not. For scanners, choose White/Black or Yellow/Black.'
    : null;
}

/** The outlines as SVG path data, scaled into the symbol's box (x, y, width, height). */
export function codePathData(
  symbol: CodeSymbol,
  box: { x: number; y: number; width: number; height: number },
): string {
  const sx = box.width / symbol.columns;
  const sy = box.height / symbol.rows;
  const n = (value: number) => String(Math.round(value * 1000) / 1000);
  return symbol.outlines
    .map((outline) => {
      let path = '';
      for (let i = 0; i < outline.length; i += 2) {
        path += `${i === 0 ? 'M' : 'L'}${n(box.x + outline[i]! * sx)} ${n(box.y + outline[i + 1]! * sy)}`;
      }
      return `${path}Z`;
    })
    .join('');
}
