// The production file of an order line (docs/product.md section 12): every label at actual size, as
// the proof draws it (label-face.ts), either one to a page or laid out on 12 x 24 inch sheets (the
// laser bed's common blank) with a red hairline around each plate to cut along; and a CSV of what
// each label says for the engraver's software. Drawn on the PDF worker thread, sheet by sheet.
import { csvCell, type OrderedProductConfig } from '@shop/contracts';
import type { ProofPage } from './drawing';
import type { EngravedArtwork, Primitive } from './primitives';
import { drawLabelFace, type LabelValues } from './label-face';
import { renderPages } from './pdf';

export const PRODUCTION_LAYOUTS = ['sheet', 'page'] as const;
export type ProductionLayout = (typeof PRODUCTION_LAYOUTS)[number];

const POINTS = 72;
const SHEET_INCHES = { width: 12, height: 24 };
const SHEET_MARGIN = 0.25;
const GAP = 0.125;
const CUT = '#ff0000';

export interface ProductionInput {
  title: string;
  config: OrderedProductConfig;
  labels: LabelValues[];
  engraved: EngravedArtwork | null;
  layout: ProductionLayout;
}

/** How many labels fit on a sheet, across and down (at least one: a label fits the 12 x 24 blank). */
function sheetGrid(config: { width: number; height: number }) {
  const fit = (sheet: number, label: number) =>
    Math.max(1, Math.floor((sheet - 2 * SHEET_MARGIN + GAP) / (label + GAP)));
  const across = fit(SHEET_INCHES.width, config.width);
  return { across, perSheet: across * fit(SHEET_INCHES.height, config.height) };
}

function* productionPages(input: ProductionInput): Generator<ProofPage> {
  const { config, labels, engraved } = input;
  const face = (primitives: Primitive[], values: LabelValues, left: number, top: number) => {
    drawLabelFace(primitives, {
      config,
      values,
      engraved,
      left,
      top,
      k: POINTS,
    });
    primitives.push({
      kind: 'rect',
      x: left,
      y: top,
      width: config.width * POINTS,
      height: config.height * POINTS,
      fill: null,
      stroke: CUT,
      strokeWidth: 0.25,
      radius: Math.min(0.0625 * POINTS, 4),
    });
  };
  if (input.layout === 'page') {
    for (const values of labels) {
      const primitives: Primitive[] = [];
      face(primitives, values, 0, 0);
      yield { width: config.width * POINTS, height: config.height * POINTS, primitives };
    }
    return;
  }
  const { across, perSheet } = sheetGrid(config);
  for (let first = 0; first < labels.length; first += perSheet) {
    const primitives: Primitive[] = [];
    labels.slice(first, first + perSheet).forEach((values, position) => {
      const column = position % across;
      const row = Math.floor(position / across);
      face(
        primitives,
        values,
        (SHEET_MARGIN + column * (config.width + GAP)) * POINTS,
        (SHEET_MARGIN + row * (config.height + GAP)) * POINTS,
      );
    });
    yield {
      width: SHEET_INCHES.width * POINTS,
      height: SHEET_INCHES.height * POINTS,
      primitives,
    };
  }
}

/** The PDF (on the worker thread: pdf-worker.ts calls this for a 'production' job). */
export function renderProductionPdf(input: ProductionInput): Promise<Buffer> {
  return renderPages(input.title, productionPages(input));
}

/**
 * The engraver's CSV: one row per label in the PDF's order (left to right, top to bottom, sheet after
 * sheet), its number, row, text lines and the code's value; every cell safe from formulas.
 */
export function productionCsv(
  config: OrderedProductConfig,
  labels: Array<LabelValues & { row: number | null }>,
): string {
  const lineCount = Math.max(1, ...labels.map((label) => label.text.split('\n').length));
  const { perSheet } = sheetGrid(config);
  const header = [
    'label',
    'sheet',
    'position',
    'row',
    ...Array.from({ length: lineCount }, (_, index) => `line ${index + 1}`),
    'code type',
    'code value',
  ];
  const rows = labels.map((label, index) => {
    const texts = label.text.split('\n');
    return [
      String(index + 1),
      String(Math.floor(index / perSheet) + 1),
      String((index % perSheet) + 1),
      label.row === null ? '' : String(label.row),
      ...Array.from({ length: lineCount }, (_, line) => texts[line] ?? ''),
      config.code?.type ?? '',
      label.codeValue ?? '',
    ];
  });
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
