// The proof of one order line as a list of drawing primitives in points (1/72 inch, y down). The SVG
// and the PDF renderers draw only this list, primitive by primitive, so the two never differ.
import {
  CODE_PLACEMENT_LABELS,
  CODE_TYPE_LABELS,
  COLOR_SWATCHES,
  formatCount,
  HOLE_DIAMETER_INCHES,
  HOLE_INSET_INCHES,
  invertedCodeWarning,
  isMatrixCode,
  labelLayout,
  type LabelLayout,
  MATERIAL_LABELS,
  MIN_CAP_HEIGHT_INCHES,
  MIN_MODULE_INCHES,
  MOUNTING_LABELS,
  type OrderedProductConfig,
  characterWidthEm,
  textWidthEm,
} from '@shop/contracts';
import { drawLabelFace, type LabelValues } from './label-face';
import type { EngravedArtwork, Primitive } from './primitives';

const POINTS_PER_INCH = 72;
/**
 * At most US Letter's width, so the PDF prints on one sheet at actual size whenever the label fits;
 * at least 5 inches, and no wider than the label needs, so a small label's proof stays readable on a
 * phone (the page shows the SVG at the screen's width).
 */
const MAX_PAGE_WIDTH = 8.5 * POINTS_PER_INCH;
const MIN_PAGE_WIDTH = 5 * POINTS_PER_INCH;
const MARGIN = 28;
const RULER = 30;
// Between the rulers and the label: clear of the dashed adhesive outline around it.
const RULER_GAP = 6;

const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#94a3b8';
const WARNING = '#b91c1c';
const WARNING_BACKGROUND = '#fef2f2';

export interface ProofArtwork {
  name: string;
  /** PNG or JPEG content to show as a thumbnail; null for other files (PDF, Word, ...). */
  image: { mime: 'image/png' | 'image/jpeg'; data: Buffer } | null;
  /** Why there is no thumbnail, when the file is an image that is not shown. */
  note?: string;
}

/** A label of a line of asset tags as the proof shows it: its place in the line and what it says. */
export interface ProofLabel {
  /** 1 for the first label of the line. */
  number: number;
  /** Its row in the spreadsheet, for a line of rows. */
  row: number | null;
  values: LabelValues;
}

/** A numbered series or a sheet's rows: the labels shown, and every label for the index. */
export interface ProofSeries {
  count: number;
  /** "PUMP 1501 to PUMP 2000", "Rows 2 to 801 of valves.csv". */
  description: string;
  /** The first, the last and a sample between, in order. */
  shown: ProofLabel[];
  /** Every label, in order (the index at the end of the PDF). */
  index: ProofLabel[];
}

interface ProofContent {
  /** A line whose labels differ (a series, rows): its labels; null or absent for a plain line. */
  series?: ProofSeries | null;
  /** The image engraved on the label, if the line has one (the configurator's preview draws it too). */
  engraved?: EngravedArtwork | null;
  orderNumber: number;
  lineNumber: number;
  lineCount: number;
  /** The proof's revision (1 as ordered; 2, 3, ... after changes). */
  revision?: number;
  productConfig: OrderedProductConfig;
  quantity: number;
  artwork: ProofArtwork[];
}

export interface ProofPage {
  width: number;
  height: number;
  primitives: Primitive[];
}

export interface ProofDrawing {
  width: number;
  height: number;
  title: string;
  layout: LabelLayout;
  primitives: Primitive[];
  /** Pages after the first (the index of a series): the PDF has them, the SVG shows the first. */
  pages?: ProofPage[];
}

function inches(value: number): string {
  return `${value.toFixed(2)} in`;
}

/** Letter heights are a matter of thousandths (the minimum is 0.125 in). */
function letterHeight(value: number): string {
  return `${value.toFixed(3)} in`;
}

/**
 * Splits text into pieces no wider than maxWidth at this size (by the shared width estimate). Each
 * piece's width is kept as it grows, character by character in order: the sums textWidthEm would
 * give for it, without measuring the piece again for every word.
 */
function wrap(text: string, size: number, maxWidth: number): string[] {
  const fits = (width: number) => width * size <= maxWidth;
  const pieces: string[] = [];
  let current = '';
  let currentWidth = 0;
  for (const word of text.split(/(\s+)/)) {
    let width = currentWidth;
    for (const character of word) width += characterWidthEm(character);
    if (fits(width)) {
      current += word;
      currentWidth = width;
      continue;
    }
    if (current.trim() !== '') pieces.push(current.trimEnd());
    current = word.trimStart();
    currentWidth = textWidthEm(current);
    // A word longer than the line is cut where it reaches the edge (after one character at least).
    while (!fits(currentWidth)) {
      const characters = [...current];
      let cut = 1;
      let cutWidth = characterWidthEm(characters[0]!);
      for (; cut < characters.length; cut += 1) {
        const wider = cutWidth + characterWidthEm(characters[cut]!);
        if (!fits(wider)) break;
        cutWidth = wider;
      }
      pieces.push(characters.slice(0, cut).join(''));
      current = characters.slice(cut).join('');
      currentWidth = textWidthEm(current);
    }
  }
  if (current.trim() !== '' || pieces.length === 0) pieces.push(current.trimEnd());
  return pieces;
}

/** Ticks every 1/8 inch, numbered at each inch, and the label's own size at its end. */
function rulerTicks(length: number, scale: number) {
  const ticks: Array<{ at: number; size: number; inch?: string }> = [];
  const eighths = Math.floor(length * 8 + 1e-6);
  const whole = Math.abs(length - Math.round(length)) < 1e-6;
  for (let i = 0; i <= eighths; i += 1) {
    const at = (i / 8) * scale;
    // The last whole inch goes unnumbered when the end's number would crowd it.
    const crowded = !whole && length - i / 8 < 0.3;
    if (i % 8 === 0) ticks.push({ at, size: 10, inch: crowded ? undefined : String(i / 8) });
    else ticks.push({ at, size: i % 4 === 0 ? 7 : i % 2 === 0 ? 5 : 3 });
  }
  if (!whole) ticks.push({ at: length * scale, size: 10, inch: length.toFixed(2) });
  return ticks;
}

function mountingDescription(layout: LabelLayout, mounting: OrderedProductConfig['mounting']) {
  if (layout.holes.length > 0) {
    const diameter = HOLE_DIAMETER_INCHES === 0.125 ? '1/8' : String(HOLE_DIAMETER_INCHES);
    const inset = HOLE_INSET_INCHES === 0.1875 ? '3/16' : String(HOLE_INSET_INCHES);
    const where = layout.holes.length === 4 ? 'one in each corner' : 'one at each end';
    return `${layout.holes.length} mounting holes, ${where}: ${diameter} in across, centres ${inset} in from the edges`;
  }
  if (layout.adhesive) return 'Adhesive backing over the whole back (dashed outline)';
  return MOUNTING_LABELS[mounting];
}

type TextOptions = Partial<Extract<Primitive, { kind: 'text' }>>;

/** A line of the proof's body text in ink, unless `options` say otherwise. */
function textPrimitive(
  x: number,
  y: number,
  value: string,
  size: number,
  options: TextOptions,
): Primitive {
  return {
    kind: 'text',
    x,
    y,
    text: value,
    size,
    fill: INK,
    font: 'body',
    anchor: 'start',
    ...options,
  };
}

/** A text's first line that is not blank. */
function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .find((piece) => piece.trim() !== '')
      ?.trim() ?? ''
  );
}

/**
 * The smallest text too small to engrave of the labels the proof shows (a series' widest label is
 * among them: proofs.ts), with the label when it is not the first, whose layout is `first`; else the
 * first's layout.
 */
function smallestText(
  content: ProofContent,
  first: LabelLayout,
): { layout: LabelLayout; label: ProofLabel | null } {
  const config = content.productConfig;
  let smallest: { layout: LabelLayout; label: ProofLabel | null } = { layout: first, label: null };
  for (const label of content.series?.shown.slice(1) ?? []) {
    const layout = labelLayout({
      width: config.width,
      height: config.height,
      color: config.color,
      mounting: config.mounting,
      customText: label.values.text,
      artwork: Boolean(content.engraved),
      code: config.code ? { type: config.code.type, placement: config.code.placement } : null,
    });
    // A label without text (a blank row) sets none: it is never the smallest.
    const smaller = !smallest.layout.textTooSmall || layout.capHeight < smallest.layout.capHeight;
    if (layout.textTooSmall && smaller) smallest = { layout, label };
  }
  return smallest;
}

/** The proof of one order line: the label to scale with rulers, its details, warnings and artwork. */
export function proofDrawing(content: ProofContent): ProofDrawing {
  const config = content.productConfig;
  const series = content.series ?? null;
  const firstValues: LabelValues = series
    ? series.shown[0]!.values
    : { text: config.customText, codeValue: config.code?.value ?? null };
  const primitives: Primitive[] = [];
  const text = (x: number, y: number, value: string, size: number, options: TextOptions = {}) =>
    primitives.push(textPrimitive(x, y, value, size, options));
  const line = (x1: number, y1: number, x2: number, y2: number, strokeWidth: number) =>
    primitives.push({ kind: 'line', x1, y1, x2, y2, stroke: INK, strokeWidth });

  // Actual size when the label fits the widest page; smaller labels are never enlarged.
  const scale = Math.min(
    1,
    (MAX_PAGE_WIDTH - 2 * MARGIN - RULER) / (config.width * POINTS_PER_INCH),
  );
  const pageWidth = Math.min(
    MAX_PAGE_WIDTH,
    Math.max(
      MIN_PAGE_WIDTH,
      Math.ceil(2 * MARGIN + RULER + config.width * scale * POINTS_PER_INCH),
    ),
  );
  const contentWidth = pageWidth - 2 * MARGIN;
  let y = MARGIN + 14;
  const paragraph = (
    value: string,
    size: number,
    lineGap: number,
    options: TextOptions = {},
    x = MARGIN,
  ) => {
    for (const piece of wrap(value, size, pageWidth - MARGIN - x)) {
      text(x, y, piece, size, options);
      y += lineGap;
    }
  };

  const material = MATERIAL_LABELS[config.material];
  const revised = content.revision && content.revision > 1 ? `, revision ${content.revision}` : '';
  const title = `Proof: order #${content.orderNumber}, label ${content.lineNumber} of ${content.lineCount}${revised}`;
  paragraph(title, 15, 20, { font: 'body-bold' });
  paragraph(
    `${material.name} · ${inches(config.width)} × ${inches(config.height)} · ${COLOR_SWATCHES[config.color].name} · ${MOUNTING_LABELS[config.mounting]} · Quantity ${formatCount(content.quantity)}`,
    10,
    14,
  );
  paragraph(
    'Please check the text, size, colours and mounting: the label is engraved as drawn here.',
    10,
    14,
    { fill: MUTED },
  );
  y += 8;

  const k = scale * POINTS_PER_INCH;
  const labelLeft = MARGIN + RULER;
  const labelTop = y + RULER;
  const labelWidth = config.width * k;
  const labelHeight = config.height * k;

  // Rulers in inches along the top and the left edge of the label.
  const rulerTop = labelTop - RULER_GAP;
  const rulerLeft = labelLeft - RULER_GAP;
  line(labelLeft, rulerTop, labelLeft + labelWidth, rulerTop, 0.75);
  for (const tick of rulerTicks(config.width, k)) {
    line(labelLeft + tick.at, rulerTop, labelLeft + tick.at, rulerTop - tick.size, 0.5);
    if (tick.inch !== undefined) {
      text(labelLeft + tick.at, rulerTop - 13, tick.inch, 8, { anchor: 'middle' });
    }
  }
  line(rulerLeft, labelTop, rulerLeft, labelTop + labelHeight, 0.75);
  for (const tick of rulerTicks(config.height, k)) {
    line(rulerLeft, labelTop + tick.at, rulerLeft - tick.size, labelTop + tick.at, 0.5);
    if (tick.inch !== undefined) {
      text(rulerLeft - 12, labelTop + tick.at + 3, tick.inch, 8, { anchor: 'end' });
    }
  }
  text(MARGIN, rulerTop - 13, 'in', 8, { fill: MUTED });

  if (config.mounting === 'adhesive') {
    primitives.push({
      kind: 'rect',
      x: labelLeft - 2,
      y: labelTop - 2,
      width: labelWidth + 4,
      height: labelHeight + 4,
      fill: null,
      stroke: MUTED,
      strokeWidth: 0.75,
      dash: 3,
    });
  }
  const face = drawLabelFace(primitives, {
    config,
    values: firstValues,
    engraved: content.engraved,
    left: labelLeft,
    top: labelTop,
    k,
    plateStroke: RULE,
  });
  const layout = face.layout;
  y = labelTop + labelHeight + 24;

  // A warning box around what drawText writes, its height known once the text is drawn.
  const warningBox = (drawText: () => void) => {
    const top = y - 14;
    const rect: Extract<Primitive, { kind: 'rect' }> = {
      kind: 'rect',
      x: MARGIN,
      y: top,
      width: contentWidth,
      height: 0,
      fill: WARNING_BACKGROUND,
      stroke: WARNING,
      strokeWidth: 1,
      radius: 4,
    };
    primitives.push(rect);
    drawText();
    rect.height = y - top - 4;
    y += 16;
  };

  const smallest = smallestText(content, layout);
  if (smallest.layout.textTooSmall) {
    const heading = 'Text too small to engrave legibly';
    const which = smallest.label
      ? `On label ${smallest.label.number} (“${firstLine(smallest.label.values.text)}”), c`
      : 'C';
    const advice = `${which}apital letters would be ${letterHeight(smallest.layout.capHeight)} high; the smallest we engrave legibly is ${letterHeight(MIN_CAP_HEIGHT_INCHES)} (1/8 in). Shorten the text, use fewer lines or choose a larger label.`;
    warningBox(() => {
      paragraph(heading, 11, 15, { font: 'body-bold', fill: WARNING }, MARGIN + 10);
      paragraph(advice, 10, 13, { fill: WARNING }, MARGIN + 10);
    });
  }

  const codeWarnings = [
    face.code?.problem,
    config.code ? invertedCodeWarning(layout.colors.background, layout.colors.text) : null,
  ].filter((warning): warning is string => Boolean(warning));
  for (const warning of codeWarnings) {
    warningBox(() => paragraph(warning, 10, 13, { fill: WARNING }, MARGIN + 10));
  }

  const code = config.code ?? null;
  // A detail without a value (no series, no code, no engraved image) is left out.
  const details: Array<[string, string | null | undefined]> = [
    [
      'Labels',
      series &&
        `${formatCount(series.count)} labels, each different: ${series.description}. The index at the end lists every one.`,
    ],
    [
      'Code',
      code &&
        face.code &&
        `${CODE_TYPE_LABELS[code.type]} ${CODE_PLACEMENT_LABELS[code.placement].toLowerCase()}, encoding ${series ? `"${code.value || "the row's value"}" (label 1: ${firstValues.codeValue ?? ''})` : `"${code.value}"`}; ${isMatrixCode(code.type) ? 'squares' : 'narrowest bars'} ${face.code.module.toFixed(3)} in (at least ${MIN_MODULE_INCHES[config.material][isMatrixCode(code.type) ? 'matrix' : 'linear'].toFixed(3)} in on ${material.name})`,
    ],
    ['Material', `${material.name}: ${material.description}`],
    ['Size', `${inches(config.width)} wide × ${inches(config.height)} high`],
    [
      'Colours',
      `${layout.colors.name} (background ${layout.colors.background}, text ${layout.colors.text})`,
    ],
    ['Mounting', mountingDescription(layout, config.mounting)],
    [
      'Engraved image',
      layout.artwork &&
        content.engraved &&
        `${content.engraved.name}, fitted in ${inches(layout.artwork.width)} × ${inches(layout.artwork.height)} ${layout.lines.length > 0 ? (layout.artwork.x < layout.textBox.x ? 'left of the text' : 'above the text') : 'on the label'}`,
    ],
    [
      'Letter height',
      layout.lines.length > 0
        ? `${letterHeight(layout.capHeight)} capitals, ${layout.lines.length} ${layout.lines.length === 1 ? 'line' : 'lines'}`
        : 'No text',
    ],
    [
      'Scale',
      scale === 1
        ? 'Actual size when printed at 100%; the rulers show inches'
        : `${Math.round(scale * 100)}% of actual size when printed at 100%; the rulers show real inches`,
    ],
  ];
  const valueX = MARGIN + 104;
  for (const [name, value] of details) {
    if (!value) continue;
    text(MARGIN, y, name, 10, { font: 'body-bold', fill: MUTED });
    paragraph(value, 10, 14, {}, valueX);
  }
  y += 6;

  text(MARGIN, y, 'Text as engraved', 10, { font: 'body-bold', fill: MUTED });
  if (layout.lines.length === 0) paragraph('None: the label is left blank', 10, 14, {}, valueX);
  for (const line of layout.lines) {
    paragraph(line.text === '' ? ' ' : line.text, 10, 14, { font: 'body-bold' }, valueX);
  }
  y += 6;

  text(MARGIN, y, 'Artwork', 10, { font: 'body-bold', fill: MUTED });
  if (content.artwork.length === 0) paragraph('None', 10, 14, {}, valueX);
  const THUMB = 64;
  for (const file of content.artwork) {
    if (file.image) {
      primitives.push({
        kind: 'rect',
        x: valueX,
        y: y - 9,
        width: THUMB,
        height: THUMB,
        fill: '#f1f5f9',
        stroke: RULE,
        strokeWidth: 0.5,
      });
      primitives.push({
        kind: 'image',
        x: valueX + 2,
        y: y - 7,
        width: THUMB - 4,
        height: THUMB - 4,
        ...file.image,
      });
    }
    const nameX = file.image ? valueX + THUMB + 10 : valueX;
    const top = y;
    paragraph(file.name, 10, 14, {}, nameX);
    if (file.note) {
      text(nameX, y, file.note, 9, { fill: MUTED });
      y += 13;
    }
    if (file.image) y = Math.max(y, top + THUMB + 6);
  }

  if (series) y = drawSamples(primitives, { series, config, content, y, pageWidth, text });

  return {
    width: pageWidth,
    height: Math.ceil(y + MARGIN - 10),
    title,
    layout,
    primitives,
    pages: series ? indexPages(series, title, config) : [],
  };
}

/** The first, the last and a sample of a series' labels, drawn small, two or three to a row. */
function drawSamples(
  primitives: Primitive[],
  {
    series,
    config,
    content,
    y: top,
    pageWidth,
    text,
  }: {
    series: ProofSeries;
    config: OrderedProductConfig;
    content: ProofContent;
    y: number;
    pageWidth: number;
    text: (x: number, y: number, value: string, size: number, options?: TextOptions) => void;
  },
): number {
  let y = top + 10;
  text(MARGIN, y, 'First, last and sample labels', 12, { font: 'body-bold' });
  y += 8;
  const contentWidth = pageWidth - 2 * MARGIN;
  const columns = config.width >= config.height * 2 ? 2 : 3;
  const gap = 14;
  const cellWidth = (contentWidth - gap * (columns - 1)) / columns;
  // Small enough for the row, never larger than actual size, at most 1.6 in tall.
  const k = Math.min(
    POINTS_PER_INCH,
    cellWidth / config.width,
    (1.6 * POINTS_PER_INCH) / config.height,
  );
  const rowHeight = config.height * k + 30;
  series.shown.forEach((label, position) => {
    const column = position % columns;
    if (column === 0 && position > 0) y += rowHeight;
    const left = MARGIN + column * (cellWidth + gap);
    const caption = `Label ${formatCount(label.number)}${label.row !== null ? ` (row ${label.row})` : ''}${position === 0 ? ', first' : position === series.shown.length - 1 ? ', last' : ''}`;
    text(left, y + 12, caption, 9, { font: 'body-bold', fill: MUTED });
    drawLabelFace(primitives, {
      config,
      values: label.values,
      engraved: content.engraved,
      left,
      top: y + 18,
      k,
      plateStroke: RULE,
    });
  });
  return y + rowHeight + 10;
}

const INDEX_PAGE = { width: 8.5 * POINTS_PER_INCH, height: 11 * POINTS_PER_INCH };
const INDEX_LINE = 11;

/**
 * The index of a series: every label's number, row and what it says (text lines joined by " / ",
 * then the code's value), in columns on Letter pages, so the customer approves the series whole.
 */
function indexPages(series: ProofSeries, title: string, config: OrderedProductConfig): ProofPage[] {
  const entry = (label: ProofLabel) => {
    const text = label.values.text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .join(' / ');
    const code =
      config.code && label.values.codeValue !== null && label.values.codeValue !== text
        ? `  [${label.values.codeValue}]`
        : '';
    return `${label.row !== null ? `row ${label.row}: ` : ''}${text}${code}`;
  };
  const size = 8;
  const numberWidth = textWidthEm(formatCount(series.count)) * size + 8;
  const widest =
    Math.max(...series.index.slice(0, 2000).map((label) => textWidthEm(entry(label)))) * size;
  const contentWidth = INDEX_PAGE.width - 2 * MARGIN;
  const columns = Math.max(1, Math.min(3, Math.floor(contentWidth / (numberWidth + widest + 16))));
  const columnWidth = contentWidth / columns;
  const firstLine = MARGIN + 40;
  const perColumn = Math.floor((INDEX_PAGE.height - firstLine - MARGIN) / INDEX_LINE);
  const perPage = perColumn * columns;
  const pages: ProofPage[] = [];
  const pageCount = Math.ceil(series.index.length / perPage);
  for (let page = 0; page < pageCount; page++) {
    const primitives: Primitive[] = [];
    const push = (x: number, y: number, value: string, options: TextOptions = {}) =>
      primitives.push(textPrimitive(x, y, value, size, options));
    push(MARGIN, MARGIN + 12, `${title}: index of the ${formatCount(series.count)} labels`, {
      size: 11,
      font: 'body-bold',
    });
    push(MARGIN, MARGIN + 26, `${series.description} · page ${page + 1} of ${pageCount}`, {
      fill: MUTED,
    });
    const labels = series.index.slice(page * perPage, (page + 1) * perPage);
    labels.forEach((label, position) => {
      const column = Math.floor(position / perColumn);
      const x = MARGIN + column * columnWidth;
      const y = firstLine + (position % perColumn) * INDEX_LINE;
      push(x + numberWidth - 6, y, formatCount(label.number), {
        anchor: 'end',
        fill: MUTED,
      });
      const value = entry(label);
      const room = columnWidth - numberWidth - 8;
      const natural = textWidthEm(value) * size;
      push(x + numberWidth, y, value, natural > room ? { fitWidth: room } : {});
    });
    pages.push({ ...INDEX_PAGE, primitives });
  }
  return pages;
}
