// The fonts the PDFs are set in (proofs/pdf.ts, orders/invoice.ts): DejaVu Sans for Latin, Cyrillic,
// Greek, Arabic and Hebrew, Noto Sans JP for what it lacks (kana, kanji, hanzi), from the npm packages
// `dejavu-fonts-ttf` and `@embedpdf/fonts-jp`. Read and parsed once per thread (the PDF worker's,
// platform/pdf-thread.ts), not for every PDF; so are their glyphs' outlines and their words' layouts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/** A font as pdfkit takes it: its file, or the font it parsed from one (fontkit's, with layout()). */
export type FontSource = Buffer | { layout(text: string): unknown };

export interface FontFace {
  name: string;
  data: FontSource;
}

interface FontSet {
  regular: FontFace;
  bold: FontFace;
  eastAsianRegular: FontFace;
  eastAsianBold: FontFace;
}

let fonts: FontSet | null = null;

/**
 * The font pdfkit parses from a file, parsed once: pdfkit takes a parsed font as well as a file, and
 * parsing the four files again for every proof was most of its rendering time (an invoice parsed its
 * two each time too).
 */
function parsedFont(file: Buffer): FontSource {
  const doc = new PDFDocument({ autoFirstPage: false });
  doc.font(file);
  const font = (doc as unknown as { _font: { font: FontSource } })._font.font;
  decodingGlyphsOnce(font as unknown as ParsedFont);
  layingOutOnce(font as unknown as ParsedFont);
  return font;
}

// fontkit's font object, in the parts used here (not in its type definitions).
interface ParsedFont {
  directory: { tables: Record<string, unknown> };
  getGlyph(id: number, codePoints?: number[]): { _decode(): unknown } | null;
  layout(text: string, ...options: unknown[]): GlyphRun;
}

interface GlyphRun {
  glyphs: unknown[];
  positions: object[];
}

/**
 * fontkit's subset of a TrueType font decodes each glyph it takes in full again for every PDF (to
 * learn whether the glyph is made of others). The parsed font keeps its glyphs, and a glyph of a font
 * without variations decodes the same every time: each is decoded once per thread.
 */
function decodingGlyphsOnce(font: ParsedFont) {
  const { tables } = font.directory;
  if (!tables.glyf || tables.fvar) return;
  const getGlyph = font.getGlyph.bind(font);
  const decodedOnce = new WeakSet<object>();
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && !decodedOnce.has(glyph)) {
      decodedOnce.add(glyph);
      const decode = glyph._decode.bind(glyph);
      let decoded: { value: unknown } | undefined;
      glyph._decode = () => (decoded ??= { value: decode() }).value;
    }
    return glyph;
  };
}

/** Texts whose layout a font keeps; all are let go when it holds this many. */
const LAYOUTS_KEPT = 5_000;

/**
 * pdfkit lays out each word again in every PDF (it keeps layouts for one document), and laying out is
 * much of a proof's time, while most of a proof's words are the same in every proof. A font's layout
 * of a text with no options never changes: kept per thread, each caller given its own copy (pdfkit
 * scales the positions of the run it gets in place).
 */
function layingOutOnce(font: ParsedFont) {
  const layout = font.layout.bind(font);
  const kept = new Map<string, GlyphRun>();
  const copy = <T extends object>(of: T): T =>
    Object.assign(Object.create(Object.getPrototypeOf(of) as object) as T, of);
  font.layout = (text, ...options) => {
    if (typeof text !== 'string' || options.some((option) => option !== undefined))
      return layout(text, ...options);
    let run = kept.get(text);
    if (!run) {
      if (kept.size >= LAYOUTS_KEPT) kept.clear();
      run = layout(text);
      kept.set(text, run);
    }
    return Object.assign(copy(run), {
      glyphs: run.glyphs.slice(),
      positions: run.positions.map(copy),
    });
  };
}

/** Read and parsed once, on the first PDF: the four font files are about 10 MB together. */
export function loadFonts(): FontSet {
  if (fonts) return fonts;
  const dejavu = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const noto = path.join(path.dirname(require.resolve('@embedpdf/fonts-jp')), '..', 'fonts');
  const face = (name: string, file: string): FontFace => ({
    name,
    data: parsedFont(readFileSync(file)),
  });
  fonts = {
    regular: face('DejaVuSans', path.join(dejavu, 'DejaVuSans.ttf')),
    bold: face('DejaVuSans-Bold', path.join(dejavu, 'DejaVuSans-Bold.ttf')),
    eastAsianRegular: face('NotoSansJP', path.join(noto, 'NotoSansJP-Regular.otf')),
    eastAsianBold: face('NotoSansJP-Bold', path.join(noto, 'NotoSansJP-Bold.otf')),
  };
  return fonts;
}

type GlyphTable = { hasGlyphForCodePoint?(codePoint: number): boolean };

/**
 * The characters of a label's text that its engraving cannot draw, each once: a label's text is set in
 * the bold face, or the East Asian bold face for what that lacks (proofs/pdf.ts); a character neither
 * has would be a box on the proof and on the plate. Spaces and line breaks are not drawn; a control
 * character is never engraved.
 */
function charactersNotEngraved(text: string): string[] {
  const missing = new Set<string>();
  for (const character of text) {
    if (/\s/u.test(character) || missing.has(character)) continue;
    const codePoint = character.codePointAt(0)!;
    // A control character (NUL, BEL) draws nothing, whatever a face maps it to.
    if (/\p{Cc}/u.test(character)) {
      missing.add(character);
      continue;
    }
    const { bold, eastAsianBold } = loadFonts();
    const has = (face: FontFace) => (face.data as GlyphTable).hasGlyphForCodePoint?.(codePoint);
    if (!has(bold) && !has(eastAsianBold)) missing.add(character);
  }
  return [...missing];
}

/** Why a text cannot be engraved, naming up to five of its characters; null when it can. */
export function notEngravedMessage(text: string): string | null {
  const missing = charactersNotEngraved(text);
  if (missing.length === 0) return null;
  const named = missing
    .slice(0, 5)
    .map((character) =>
      /\p{Cc}/u.test(character)
        ? `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
        : `"${character}"`,
    )
    .join(', ');
  return `${named} cannot be engraved: our engraving font does not have ${missing.length === 1 ? 'it' : 'them'}`;
}

/**
 * pdfkit's document options with the shop's regular face as the document's first font. Left unset,
 * pdfkit sets every new document in Helvetica first, parsing its metrics again for each, though no PDF
 * here writes a word in it.
 */
export function shopFontOptions<T extends object>(options: T): T {
  // pdfkit's types name a font file or a standard font only; a parsed font is taken as well.
  return { ...options, font: loadFonts().regular.data as unknown as string };
}
