// A proof drawing as a PDF: the same primitives as the SVG, at the same coordinates (points). Text is
// set in embedded fonts (DejaVu Sans, with Noto Sans JP for what DejaVu lacks: kana, kanji, hanzi),
// so the PDF shows the shopper's script, not boxes; engraved lines are scaled to the layout's width.
import PDFDocument from 'pdfkit';
import { loadFonts, shopFontOptions, type FontFace } from '../../platform/pdf-fonts';
import type { ProofDrawing, ProofPage } from './drawing';
import type { Primitive } from './primitives';

type Document = InstanceType<typeof PDFDocument>;
// pdfkit's own font object (not in its type definitions): can it draw this character?
type LoadedFont = { font?: { hasGlyphForCodePoint?(codePoint: number): boolean } };

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

/** A line whose first letter is Hebrew or Arabic reads right to left. */
function readsRightToLeft(text: string): boolean {
  const firstLetter = /\p{L}/u.exec(text)?.[0];
  return firstLetter !== undefined && RTL.test(firstLetter);
}

type Run = { face: FontFace; text: string };

/**
 * The pieces of a line in the order they are drawn, left to right: words and spaces (in reverse for a
 * right-to-left line; pdfkit shapes each word, but loses the spaces between right-to-left words), each
 * cut where the font changes: the main face, or the East Asian face for what the main one lacks.
 */
function runsOf(doc: Document, text: string, bold: boolean): Run[] {
  const set = loadFonts();
  const main = bold ? set.bold : set.regular;
  const fallback = bold ? set.eastAsianBold : set.eastAsianRegular;
  const fontkitFont = (face: FontFace) => {
    doc.font(face.name);
    return (doc as unknown as { _font: LoadedFont })._font.font;
  };
  const mainFont = fontkitFont(main);
  // Loading the East Asian face costs most of a proof's time: only when the main face lacks a glyph.
  let fallbackFont: ReturnType<typeof fontkitFont> | undefined;
  const fallbackHas = (codePoint: number) => {
    fallbackFont ??= fontkitFont(fallback);
    return fallbackFont?.hasGlyphForCodePoint?.(codePoint) === true;
  };
  const tokens = text.split(/(\s+)/).filter((token) => token !== '');
  if (readsRightToLeft(text)) tokens.reverse();
  const runs: Run[] = [];
  for (const token of tokens) {
    let current: Run | null = null;
    for (const character of token) {
      const codePoint = character.codePointAt(0)!;
      const useFallback = !mainFont?.hasGlyphForCodePoint?.(codePoint) && fallbackHas(codePoint);
      const face = useFallback ? fallback : main;
      // Combining marks stay with the letter they follow.
      if (current && (current.face === face || /\p{M}/u.test(character))) {
        current.text += character;
      } else {
        current = { face, text: character };
        runs.push(current);
      }
    }
  }
  return runs;
}

function drawText(doc: Document, primitive: Extract<Primitive, { kind: 'text' }>) {
  const bold = primitive.font !== 'body';
  const runs = runsOf(doc, primitive.text, bold).map((run) => {
    doc.font(run.face.name).fontSize(primitive.size);
    return { ...run, width: doc.widthOfString(run.text) };
  });
  const natural = runs.reduce((sum, run) => sum + run.width, 0);
  const scale = primitive.fitWidth !== undefined && natural > 0 ? primitive.fitWidth / natural : 1;
  const total = natural * scale;
  const left =
    primitive.anchor === 'middle'
      ? primitive.x - total / 2
      : primitive.anchor === 'end'
        ? primitive.x - total
        : primitive.x;
  // Stretched or squeezed horizontally about the line's left end to the layout's width.
  doc.save();
  doc.translate(left, 0).scale(scale, 1);
  doc.fillColor(primitive.fill);
  let x = 0;
  for (const run of runs) {
    doc
      .font(run.face.name)
      .fontSize(primitive.size)
      .text(run.text, x, primitive.y, { lineBreak: false, baseline: 'alphabetic' });
    x += run.width;
  }
  doc.restore();
}

function draw(doc: Document, primitive: Primitive) {
  switch (primitive.kind) {
    case 'rect': {
      const { x, y, width, height, radius } = primitive;
      doc.save();
      if (radius) doc.roundedRect(x, y, width, height, radius);
      else doc.rect(x, y, width, height);
      if (primitive.dash) doc.dash(primitive.dash, { space: primitive.dash });
      doc.lineWidth(primitive.strokeWidth ?? 0);
      if (primitive.fill && primitive.stroke) doc.fillAndStroke(primitive.fill, primitive.stroke);
      else if (primitive.fill) doc.fill(primitive.fill);
      else if (primitive.stroke) doc.stroke(primitive.stroke);
      doc.restore();
      return;
    }
    case 'circle':
      doc.save();
      doc.circle(primitive.cx, primitive.cy, primitive.r).lineWidth(primitive.strokeWidth);
      doc.fillAndStroke(primitive.fill, primitive.stroke);
      doc.restore();
      return;
    case 'line':
      doc.save();
      doc
        .moveTo(primitive.x1, primitive.y1)
        .lineTo(primitive.x2, primitive.y2)
        .lineWidth(primitive.strokeWidth)
        .stroke(primitive.stroke);
      doc.restore();
      return;
    case 'text':
      drawText(doc, primitive);
      return;
    case 'shape':
      doc.save();
      for (const outline of primitive.outlines) {
        doc.moveTo(outline[0]!, outline[1]!);
        for (let i = 2; i < outline.length; i += 2) doc.lineTo(outline[i]!, outline[i + 1]!);
        doc.closePath();
      }
      doc.fill(primitive.fill, 'even-odd');
      doc.restore();
      return;
    case 'image':
      doc.image(primitive.data, primitive.x, primitive.y, {
        fit: [primitive.width, primitive.height],
        align: 'center',
        valign: 'center',
      });
      return;
  }
}

export function renderPdf(drawing: ProofDrawing): Promise<Buffer> {
  return renderPages(drawing.title, [
    { width: drawing.width, height: drawing.height, primitives: drawing.primitives },
    ...(drawing.pages ?? []),
  ]);
}

/**
 * A PDF of pages, each drawn as it comes and then let go: a production file of thousands of labels
 * is drawn sheet by sheet from a generator, never held as one list of primitives.
 */
export function renderPages(title: string, pages: Iterable<ProofPage>): Promise<Buffer> {
  const set = loadFonts();
  const doc = new PDFDocument(
    shopFontOptions({
      margin: 0,
      info: { Title: title, Creator: 'Engraved label shop' },
      autoFirstPage: false,
    }),
  );
  for (const face of [set.regular, set.bold, set.eastAsianRegular, set.eastAsianBold]) {
    // pdfkit's types name files only; a parsed font is taken as well (PDFFontFactory.open).
    doc.registerFont(face.name, face.data as Buffer);
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const page of pages) {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    for (const primitive of page.primitives) draw(doc, primitive);
  }
  doc.end();
  return done;
}
