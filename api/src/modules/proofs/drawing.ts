// The proof of one order line as a list of drawing primitives in points (1/72 inch, y down). The SVG
// and the PDF renderers draw only this list, primitive by primitive, so the two never differ.
import {
  HOLE_DIAMETER_INCHES,
  HOLE_INSET_INCHES,
  MATERIAL_LABELS,
  MIN_CAP_HEIGHT_INCHES,
  MOUNTING_LABELS,
  labelLayout,
  textWidthEm,
  type LabelLayout,
  type OrderedProductConfig,
} from '@shop/contracts';

export const POINTS_PER_INCH = 72;
/** US Letter width: the PDF prints on one sheet, at actual size whenever the label fits. */
export const PAGE_WIDTH = 8.5 * POINTS_PER_INCH;
const MARGIN = 36;
const RULER = 30;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#94a3b8';
const WARNING = '#b91c1c';
const WARNING_BACKGROUND = '#fef2f2';
const PAPER = '#ffffff';

export type TextFont = 'engraving' | 'body' | 'body-bold';

export type Primitive =
  | {
      kind: 'rect';
      x: number;
      y: number;
      width: number;
      height: number;
      fill: string | null;
      stroke: string | null;
      strokeWidth?: number;
      dash?: number;
      radius?: number;
    }
  | {
      kind: 'circle';
      cx: number;
      cy: number;
      r: number;
      fill: string;
      stroke: string;
      strokeWidth: number;
    }
  | {
      kind: 'line';
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      stroke: string;
      strokeWidth: number;
    }
  | {
      kind: 'text';
      /** x of the anchor, y of the baseline. */
      x: number;
      y: number;
      text: string;
      size: number;
      fill: string;
      font: TextFont;
      anchor: 'start' | 'middle' | 'end';
      /** The line is drawn exactly this wide (the layout's estimate), stretched or squeezed. */
      fitWidth?: number;
    }
  | {
      kind: 'image';
      x: number;
      y: number;
      width: number;
      height: number;
      mime: 'image/png' | 'image/jpeg';
      data: Buffer;
    };

export interface ProofArtwork {
  name: string;
  /** PNG or JPEG content to show as a thumbnail; null for other files (PDF, Word, ...). */
  image: { mime: 'image/png' | 'image/jpeg'; data: Buffer } | null;
  /** Why there is no thumbnail, when the file is an image that is not shown. */
  note?: string;
}

export interface ProofContent {
  orderNumber: number;
  lineNumber: number;
  lineCount: number;
  productConfig: OrderedProductConfig;
  quantity: number;
  artwork: ProofArtwork[];
}

export interface ProofDrawing {
  width: number;
  height: number;
  title: string;
  layout: LabelLayout;
  primitives: Primitive[];
}

function inches(value: number): string {
  return `${value.toFixed(2)} in`;
}

/** Letter heights are a matter of thousandths (the minimum is 0.125 in). */
function letterHeight(value: number): string {
  return `${value.toFixed(3)} in`;
}

/** Splits text into pieces no wider than maxWidth at this size (by the shared width estimate). */
function wrap(text: string, size: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const word of text.split(/(\s+)/)) {
    if (textWidthEm(current + word) * size <= maxWidth) {
      current += word;
      continue;
    }
    if (current.trim() !== '') pieces.push(current.trimEnd());
    current = word.trimStart();
    // A word longer than the line is cut where it reaches the edge.
    while (textWidthEm(current) * size > maxWidth) {
      let cut = 1;
      const characters = [...current];
      while (
        cut < characters.length &&
        textWidthEm(characters.slice(0, cut + 1).join('')) * size <= maxWidth
      ) {
        cut += 1;
      }
      pieces.push(characters.slice(0, cut).join(''));
      current = characters.slice(cut).join('');
    }
  }
  if (current.trim() !== '' || pieces.length === 0) pieces.push(current.trimEnd());
  return pieces;
}

function rulerTicks(
  length: number,
  scale: number,
): Array<{ at: number; size: number; inch?: number }> {
  const ticks: Array<{ at: number; size: number; inch?: number }> = [];
  const eighths = Math.floor(length * 8 + 1e-6);
  for (let i = 0; i <= eighths; i += 1) {
    const at = (i / 8) * scale;
    if (i % 8 === 0) ticks.push({ at, size: 10, inch: i / 8 });
    else if (i % 4 === 0) ticks.push({ at, size: 7 });
    else if (i % 2 === 0) ticks.push({ at, size: 5 });
    else ticks.push({ at, size: 3 });
  }
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

/** The proof of one order line: the label to scale with rulers, its details, warnings and artwork. */
export function proofDrawing(content: ProofContent): ProofDrawing {
  const config = content.productConfig;
  const layout = labelLayout({
    width: config.width,
    height: config.height,
    color: config.color,
    mounting: config.mounting,
    customText: config.customText,
  });
  const primitives: Primitive[] = [];
  const text = (
    x: number,
    y: number,
    value: string,
    size: number,
    options: Partial<Extract<Primitive, { kind: 'text' }>> = {},
  ) =>
    primitives.push({
      kind: 'text',
      x,
      y,
      text: value,
      size,
      fill: INK,
      font: 'body',
      anchor: 'start',
      ...options,
    });

  const material = MATERIAL_LABELS[config.material];
  const title = `Proof: order #${content.orderNumber}, label ${content.lineNumber} of ${content.lineCount}`;
  let y = MARGIN + 16;
  text(MARGIN, y, title, 16, { font: 'body-bold' });
  y += 18;
  text(
    MARGIN,
    y,
    `${material.name} · ${inches(config.width)} × ${inches(config.height)} · ${layout.colors.name} · ${MOUNTING_LABELS[config.mounting]} · Quantity ${content.quantity}`,
    10,
  );
  y += 14;
  text(
    MARGIN,
    y,
    'Please check the text, size, colours and mounting: the label is engraved as drawn here.',
    9,
    { fill: MUTED },
  );
  y += 22;

  // Actual size when the label fits the printed page; smaller labels are never enlarged.
  const scale = Math.min(1, (CONTENT_WIDTH - RULER) / (config.width * POINTS_PER_INCH));
  const k = scale * POINTS_PER_INCH;
  const labelLeft = MARGIN + RULER;
  const labelTop = y + RULER;
  const labelWidth = config.width * k;
  const labelHeight = config.height * k;

  // Rulers in inches along the top and the left edge of the label.
  primitives.push({
    kind: 'line',
    x1: labelLeft,
    y1: labelTop - 4,
    x2: labelLeft + labelWidth,
    y2: labelTop - 4,
    stroke: INK,
    strokeWidth: 0.75,
  });
  for (const tick of rulerTicks(config.width, k)) {
    primitives.push({
      kind: 'line',
      x1: labelLeft + tick.at,
      y1: labelTop - 4,
      x2: labelLeft + tick.at,
      y2: labelTop - 4 - tick.size,
      stroke: INK,
      strokeWidth: 0.5,
    });
    if (tick.inch !== undefined) {
      text(labelLeft + tick.at, labelTop - 17, String(tick.inch), 7, { anchor: 'middle' });
    }
  }
  primitives.push({
    kind: 'line',
    x1: labelLeft - 4,
    y1: labelTop,
    x2: labelLeft - 4,
    y2: labelTop + labelHeight,
    stroke: INK,
    strokeWidth: 0.75,
  });
  for (const tick of rulerTicks(config.height, k)) {
    primitives.push({
      kind: 'line',
      x1: labelLeft - 4,
      y1: labelTop + tick.at,
      x2: labelLeft - 4 - tick.size,
      y2: labelTop + tick.at,
      stroke: INK,
      strokeWidth: 0.5,
    });
    if (tick.inch !== undefined) {
      text(labelLeft - 17, labelTop + tick.at + 2.5, String(tick.inch), 7, { anchor: 'end' });
    }
  }
  text(MARGIN, labelTop - 17, 'in', 7, { fill: MUTED });

  if (layout.adhesive) {
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
  primitives.push({
    kind: 'rect',
    x: labelLeft,
    y: labelTop,
    width: labelWidth,
    height: labelHeight,
    fill: layout.colors.background,
    stroke: RULE,
    strokeWidth: 0.75,
    radius: Math.min(0.0625 * k, 4),
  });
  for (const hole of layout.holes) {
    primitives.push({
      kind: 'circle',
      cx: labelLeft + hole.x * k,
      cy: labelTop + hole.y * k,
      r: hole.radius * k,
      fill: PAPER,
      stroke: MUTED,
      strokeWidth: 0.5,
    });
  }
  for (const line of layout.lines) {
    if (line.text.trim() === '') continue;
    text(labelLeft + line.x * k, labelTop + line.y * k, line.text, layout.fontSize * k, {
      font: 'engraving',
      anchor: 'middle',
      fill: layout.colors.text,
      fitWidth: line.width * k,
    });
  }
  y = labelTop + labelHeight + 24;

  if (layout.textTooSmall) {
    const message = [
      'Text too small to engrave legibly',
      `Capital letters would be ${letterHeight(layout.capHeight)} high; the smallest we engrave legibly is ${letterHeight(MIN_CAP_HEIGHT_INCHES)} (1/8 in).`,
      'Shorten the text, use fewer lines or choose a larger label.',
    ];
    primitives.push({
      kind: 'rect',
      x: MARGIN,
      y: y - 14,
      width: CONTENT_WIDTH,
      height: 48,
      fill: WARNING_BACKGROUND,
      stroke: WARNING,
      strokeWidth: 1,
      radius: 4,
    });
    text(MARGIN + 10, y, message[0]!, 11, { font: 'body-bold', fill: WARNING });
    text(MARGIN + 10, y + 14, message[1]!, 9, { fill: WARNING });
    text(MARGIN + 10, y + 26, message[2]!, 9, { fill: WARNING });
    y += 54;
  }

  const details: Array<[string, string]> = [
    ['Material', `${material.name}: ${material.description}`],
    ['Size', `${inches(config.width)} wide × ${inches(config.height)} high`],
    [
      'Colours',
      `${layout.colors.name} (background ${layout.colors.background}, text ${layout.colors.text})`,
    ],
    ['Mounting', mountingDescription(layout, config.mounting)],
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
  const valueX = MARGIN + 100;
  for (const [name, value] of details) {
    text(MARGIN, y, name, 9, { font: 'body-bold', fill: MUTED });
    for (const piece of wrap(value, 9, PAGE_WIDTH - MARGIN - valueX)) {
      text(valueX, y, piece, 9);
      y += 13;
    }
  }
  y += 6;

  text(MARGIN, y, 'Text as engraved', 9, { font: 'body-bold', fill: MUTED });
  if (layout.lines.length === 0) {
    text(valueX, y, 'None: the label is left blank', 9);
    y += 13;
  }
  for (const line of layout.lines) {
    for (const piece of wrap(
      line.text === '' ? ' ' : line.text,
      10,
      PAGE_WIDTH - MARGIN - valueX,
    )) {
      text(valueX, y, piece, 10, { font: 'body-bold' });
      y += 14;
    }
  }
  y += 6;

  text(MARGIN, y, 'Artwork', 9, { font: 'body-bold', fill: MUTED });
  if (content.artwork.length === 0) {
    text(valueX, y, 'None', 9);
    y += 13;
  }
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
    let rowY = y;
    for (const piece of wrap(file.name, 9, PAGE_WIDTH - MARGIN - nameX)) {
      text(nameX, rowY, piece, 9);
      rowY += 13;
    }
    if (file.note) {
      text(nameX, rowY, file.note, 8, { fill: MUTED });
      rowY += 12;
    }
    y = Math.max(rowY, file.image ? y + THUMB + 6 : rowY);
  }

  return { width: PAGE_WIDTH, height: Math.ceil(y + MARGIN - 10), title, layout, primitives };
}
