/**
 * Where everything on a label goes, in inches: the one layout used by the configurator's live preview
 * and by the server's proof, so what the shopper sees while configuring is what the proof shows and
 * what is engraved. Pure and deterministic: no fonts are measured, text width is estimated from a
 * fixed width per character class, so the browser and the server get the same numbers.
 *
 * Drawings honour the estimate exactly (SVG `textLength`, the PDF's horizontal scaling), so a line
 * never runs wider on paper than the layout says.
 */
import { COLOR_SWATCHES, type Color, type Mounting } from './label-options';
import { isMatrixCode, type CodePlacement, type CodeType } from './asset-tag-options';

/**
 * Smallest capital-letter height the shop engraves without a warning: 1/8 inch. The text is cut with
 * a rotary cutter a few hundredths of an inch wide; below about 1/8 inch cap height the cut strokes
 * take up most of a bold letter, the counters (the holes in A, B, 8, e) close up, and a label read from
 * an arm's length away is no longer legible.
 */
export const MIN_CAP_HEIGHT_INCHES = 0.125;

/** The engraving face's proportions (a bold sans like DejaVu Sans Bold), as fractions of the em. */
export const ENGRAVING_FONT = {
  /** Families for drawings; the first is the one the server embeds in the PDF. */
  family: "'DejaVu Sans', 'Noto Sans JP', 'Helvetica Neue', Arial, sans-serif",
  weight: 700,
  capHeight: 0.73,
  lineHeight: 1.2,
} as const;

/** Holes: 1/8 inch across, centred 3/16 inch in from the edges they sit by. */
export const HOLE_DIAMETER_INCHES = 0.125;
export const HOLE_INSET_INCHES = 0.1875;
/**
 * Under 1.5 inches on the short side there is no room for four corner holes and text between them:
 * such a label gets two holes, one at each end of its long side, centred across.
 */
export const TWO_HOLE_BELOW_INCHES = 1.5;
/** Text keeps at least this far from the edge (or 6% of the short side on larger labels). */
export const MIN_MARGIN_INCHES = 0.0625;
/** And this far from a hole's rim. */
const HOLE_CLEARANCE_INCHES = 0.0625;

// Advance widths (in ems) per character class: averages of the engraving face (DejaVu Sans Bold;
// Noto Sans JP for East Asian text) taken a little wide. A single letter may be wider (W, Ж) or
// narrower than its class; drawings fit each whole line to its estimate, so they only differ in
// how tightly letters sit, never in where a line ends.
const WIDTH_WIDE = 1; // CJK ideographs, kana, Hangul, full-width forms: square glyphs
const WIDTH_SPACE = 0.35;
const WIDTH_NARROW = 0.42; // i, l, j, I, 1, punctuation that is a dot or a stroke
const WIDTH_UPPER = 0.82;
const WIDTH_DIGIT = 0.7;
const WIDTH_LOWER = 0.72;
const WIDTH_OTHER = 0.78; // symbols and letters of scripts with no case (Arabic, Hebrew, Thai, ...)

const NARROW = new Set([..."iljtfrI1.,:;'!|`()[]{}-"]);
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;
const MARK = /\p{M}/u;
const DIGIT = /\p{Nd}/u;
const SPACE = /\s/u;

/** Width of one character in ems (0 for combining marks, which sit on the letter before). */
export function characterWidthEm(character: string): number {
  const code = character.charCodeAt(0);
  if (character.length === 1 && code < ASCII_WIDTHS.length) return ASCII_WIDTHS[code]!;
  return classWidthEm(character);
}

function classWidthEm(character: string): number {
  if (MARK.test(character)) return 0;
  if (WIDE.test(character)) return WIDTH_WIDE;
  if (SPACE.test(character)) return WIDTH_SPACE;
  if (NARROW.has(character)) return WIDTH_NARROW;
  if (DIGIT.test(character)) return WIDTH_DIGIT;
  const upper = character.toUpperCase();
  const lower = character.toLowerCase();
  if (upper !== lower) return character === upper ? WIDTH_UPPER : WIDTH_LOWER;
  return WIDTH_OTHER;
}

/** The ASCII characters' widths, looked up rather than classified again for every character. */
const ASCII_WIDTHS = Array.from({ length: 128 }, (_, code) =>
  classWidthEm(String.fromCharCode(code)),
);

/** Estimated width of a line of text in ems: the sum of its characters' widths. */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const character of text) width += characterWidthEm(character);
  return width;
}

export interface LabelLayoutInput {
  width: number;
  height: number;
  color: Color;
  mounting: Mounting;
  /** The text as typed; line breaks are kept. */
  customText: string;
  /** Whether an image is engraved on the label (engravedArtworkOf): it gets its own area. */
  artwork?: boolean;
  /** A barcode or QR code on the label: it takes the end of the label, or its foot, before the text. */
  code?: { type: CodeType; placement: CodePlacement } | null;
}

/** A matrix code beside the text takes at most this share of the width; under it, of the height. */
export const CODE_SHARE_BESIDE = 0.5;
export const CODE_SHARE_BELOW = 0.6;
/** Code 128 beside the text takes this share of the width; under it, this share of the height. */
export const BARS_SHARE_BESIDE = 0.55;
export const BARS_SHARE_BELOW = 0.45;

/** Files whose image is engraved on the label (a logo, a drawing): PNG and JPG, by stored name. */
export const ENGRAVED_ARTWORK_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** The artwork area takes at most this share of the text area's long side when there is text too. */
export const ARTWORK_SHARE_WITH_TEXT = 0.4;

/**
 * The file engraved on the label: the first PNG or JPG among its files, or null. Other files (PDF,
 * Word, Excel, text) travel with the order for the shop to read; they are not drawn.
 */
export function engravedArtworkOf<F extends { hashedName: string }>(files: readonly F[]): F | null {
  return (
    files.find((file) => {
      const extension = file.hashedName.slice(file.hashedName.lastIndexOf('.') + 1).toLowerCase();
      return (ENGRAVED_ARTWORK_EXTENSIONS as readonly string[]).includes(extension);
    }) ?? null
  );
}

export interface LaidOutLine {
  text: string;
  /** Horizontal centre of the line. */
  x: number;
  /** Baseline. */
  y: number;
  /** The line's width at the chosen size (what drawings stretch or squeeze the line to). */
  width: number;
}

export interface LabelLayout {
  width: number;
  height: number;
  colors: { background: string; text: string; name: string };
  /** The area text may use, clear of the edges, the holes and the artwork. */
  textBox: { x: number; y: number; width: number; height: number };
  /**
   * Where the engraved image goes (drawn to fit, centred, its proportions kept): a square at the
   * start of the area clear of edges and holes (left on a wide label, top on a tall one), or all of
   * that area when there is no text; null without artwork.
   */
  artwork: { x: number; y: number; width: number; height: number } | null;
  /**
   * The code's box, quiet zone included (label-codes.ts fits the symbol in it): the right end of the
   * area clear of edges and holes (beside), or its foot (below); all of that area without text.
   */
  code: { x: number; y: number; width: number; height: number } | null;
  lines: LaidOutLine[];
  /** The em size of the text (0 when there is none). */
  fontSize: number;
  lineHeight: number;
  /** Height of a capital letter at fontSize. */
  capHeight: number;
  /** The text's capitals would be shorter than MIN_CAP_HEIGHT_INCHES. */
  textTooSmall: boolean;
  holes: Array<{ x: number; y: number; radius: number }>;
  adhesive: boolean;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function holesFor(width: number, height: number): LabelLayout['holes'] {
  const radius = HOLE_DIAMETER_INCHES / 2;
  const inset = HOLE_INSET_INCHES;
  if (Math.min(width, height) < TWO_HOLE_BELOW_INCHES) {
    return width >= height
      ? [
          { x: inset, y: height / 2, radius },
          { x: width - inset, y: height / 2, radius },
        ]
      : [
          { x: width / 2, y: inset, radius },
          { x: width / 2, y: height - inset, radius },
        ];
  }
  return [
    { x: inset, y: inset, radius },
    { x: width - inset, y: inset, radius },
    { x: inset, y: height - inset, radius },
    { x: width - inset, y: height - inset, radius },
  ];
}

/** Splits the text at line breaks (any convention), dropping trailing spaces that engrave nothing. */
export function textLines(customText: string): string[] {
  if (customText.trim() === '') return [];
  const lines = customText.split(/\r\n|\r|\n/).map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return lines;
}

/**
 * Lays out a label: text centred in the area clear of edges and holes, at the largest size at which
 * every line fits that area's width and all lines (at 1.2 line height) fit its height.
 */
export function labelLayout({
  width,
  height,
  color,
  mounting,
  customText,
  artwork = false,
  code = null,
}: LabelLayoutInput): LabelLayout {
  const swatch = COLOR_SWATCHES[color];
  const margin = Math.max(MIN_MARGIN_INCHES, 0.06 * Math.min(width, height));
  const holes = mounting === 'mounting-holes' ? holesFor(width, height) : [];

  // Holes take the ends of the label they sit at: by the left and right edges (corner holes and two
  // holes along a wide label) text stays clear of the hole column; two holes at the top and bottom of
  // a tall label take a band at each end.
  const holeClear = HOLE_INSET_INCHES + HOLE_DIAMETER_INCHES / 2 + HOLE_CLEARANCE_INCHES;
  const holesAtTopAndBottom = holes.length === 2 && holes[0]!.x === holes[1]!.x;
  const insetX = holes.length > 0 && !holesAtTopAndBottom ? Math.max(margin, holeClear) : margin;
  const insetY = holesAtTopAndBottom ? Math.max(margin, holeClear) : margin;
  let clear = {
    x: insetX,
    y: insetY,
    width: Math.max(0, width - 2 * insetX),
    height: Math.max(0, height - 2 * insetY),
  };
  const texts = textLines(customText);

  // The code takes its part first, a margin from the rest; with nothing else it takes the whole area.
  let codeBox: LabelLayout['code'] = null;
  if (code) {
    const matrix = isMatrixCode(code.type);
    const alone = texts.length === 0 && !artwork;
    if (alone) {
      const side = Math.min(clear.width, clear.height);
      codeBox = matrix
        ? {
            x: clear.x + (clear.width - side) / 2,
            y: clear.y + (clear.height - side) / 2,
            width: side,
            height: side,
          }
        : clear;
    } else if (code.placement === 'beside') {
      const codeWidth = matrix
        ? Math.min(clear.height, clear.width * CODE_SHARE_BESIDE)
        : clear.width * BARS_SHARE_BESIDE;
      const codeHeight = matrix ? codeWidth : clear.height;
      codeBox = {
        x: clear.x + clear.width - codeWidth,
        y: clear.y + (clear.height - codeHeight) / 2,
        width: codeWidth,
        height: codeHeight,
      };
      clear = { ...clear, width: Math.max(0, clear.width - codeWidth - margin) };
    } else {
      const codeHeight = matrix
        ? Math.min(clear.width, clear.height * CODE_SHARE_BELOW)
        : clear.height * BARS_SHARE_BELOW;
      const codeWidth = matrix ? codeHeight : clear.width;
      codeBox = {
        x: clear.x + (clear.width - codeWidth) / 2,
        y: clear.y + clear.height - codeHeight,
        width: codeWidth,
        height: codeHeight,
      };
      clear = { ...clear, height: Math.max(0, clear.height - codeHeight - margin) };
    }
  }

  // The artwork takes a square at the start of the clear area (its whole length on a label with no
  // text), and the text the rest, a margin apart.
  let artworkBox: LabelLayout['artwork'] = null;
  let textBox = clear;
  if (artwork && texts.length === 0) {
    artworkBox = clear;
  } else if (artwork) {
    const wide = clear.width >= clear.height;
    const side = wide
      ? Math.min(clear.height, clear.width * ARTWORK_SHARE_WITH_TEXT)
      : Math.min(clear.width, clear.height * ARTWORK_SHARE_WITH_TEXT);
    artworkBox = wide
      ? { x: clear.x, y: clear.y + (clear.height - side) / 2, width: side, height: side }
      : { x: clear.x + (clear.width - side) / 2, y: clear.y, width: side, height: side };
    textBox = wide
      ? {
          x: clear.x + side + margin,
          y: clear.y,
          width: Math.max(0, clear.width - side - margin),
          height: clear.height,
        }
      : {
          x: clear.x,
          y: clear.y + side + margin,
          width: clear.width,
          height: Math.max(0, clear.height - side - margin),
        };
  }

  const widestEm = Math.max(0, ...texts.map(textWidthEm));
  const byWidth = widestEm > 0 ? textBox.width / widestEm : Infinity;
  const byHeight =
    texts.length > 0 ? textBox.height / (texts.length * ENGRAVING_FONT.lineHeight) : 0;
  const fontSize = texts.length > 0 ? Math.min(byWidth, byHeight) : 0;
  const lineHeight = fontSize * ENGRAVING_FONT.lineHeight;
  const capHeight = fontSize * ENGRAVING_FONT.capHeight;

  // Each line's capitals are centred in its line box; the block is centred in the text area.
  const blockTop = textBox.y + (textBox.height - texts.length * lineHeight) / 2;
  const lines = texts.map((text, index) => ({
    text,
    x: round(textBox.x + textBox.width / 2),
    y: round(blockTop + index * lineHeight + lineHeight / 2 + capHeight / 2),
    width: round(textWidthEm(text) * fontSize),
  }));

  return {
    width,
    height,
    colors: { background: swatch.background, text: swatch.text, name: swatch.name },
    textBox: {
      x: round(textBox.x),
      y: round(textBox.y),
      width: round(textBox.width),
      height: round(textBox.height),
    },
    artwork: artworkBox && {
      x: round(artworkBox.x),
      y: round(artworkBox.y),
      width: round(artworkBox.width),
      height: round(artworkBox.height),
    },
    code: codeBox && {
      x: round(codeBox.x),
      y: round(codeBox.y),
      width: round(codeBox.width),
      height: round(codeBox.height),
    },
    lines,
    fontSize: round(fontSize),
    lineHeight: round(lineHeight),
    capHeight: round(capHeight),
    textTooSmall: texts.length > 0 && capHeight < MIN_CAP_HEIGHT_INCHES,
    holes: holes.map((hole) => ({ x: round(hole.x), y: round(hole.y), radius: hole.radius })),
    adhesive: mounting === 'adhesive',
  };
}
