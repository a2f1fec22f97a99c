// One label's face as drawing primitives: the plate, its holes, the engraved image, the text and the
// code, placed by the shared layout (contracts' labelLayout) and, for the code, by bwip-js's symbol
// fitted into the layout's box (fitCode). The proof draws its labels with this, and so does the
// production file, so what the customer approves is what the laser gets.
import {
  fitCode,
  labelLayout,
  textWidthEm,
  type LabelLayout,
  type OrderedProductConfig,
} from '@shop/contracts';
import { drawCode } from '@shop/contracts/label-code-drawing';
import type { EngravedArtwork, Primitive } from './primitives';

// The holes are paper; they and an unread engraved image's place are outlined in the proof's grey.
const PAPER = '#ffffff';
const MUTED = '#475569';

/** What one label says: its text (lines) and its code's value. */
export interface LabelValues {
  text: string;
  codeValue: string | null;
}

interface FaceOptions {
  config: OrderedProductConfig;
  values: LabelValues;
  engraved?: EngravedArtwork | null;
  /** Top left of the plate, in points, and points per inch. */
  left: number;
  top: number;
  k: number;
  plateStroke?: string | null;
}

interface DrawnFace {
  layout: LabelLayout;
  /** The code's module (narrowest bar) in inches, or null without a code; its problem, if any. */
  code: { module: number; problem: string | null } | null;
}

/** Pushes the label's face onto primitives and answers its layout and its code's fit. */
export function drawLabelFace(primitives: Primitive[], options: FaceOptions): DrawnFace {
  const { config, values, engraved = null, left, top, k } = options;
  const code = config.code ?? null;
  const layout = labelLayout({
    width: config.width,
    height: config.height,
    color: config.color,
    mounting: config.mounting,
    customText: values.text,
    artwork: Boolean(engraved),
    code: code && { type: code.type, placement: code.placement },
  });
  primitives.push({
    kind: 'rect',
    x: left,
    y: top,
    width: config.width * k,
    height: config.height * k,
    fill: layout.colors.background,
    stroke: options.plateStroke ?? null,
    strokeWidth: options.plateStroke ? 0.75 : 0,
    radius: Math.min(0.0625 * k, 4),
  });
  for (const hole of layout.holes) {
    primitives.push({
      kind: 'circle',
      cx: left + hole.x * k,
      cy: top + hole.y * k,
      r: hole.radius * k,
      fill: PAPER,
      stroke: MUTED,
      strokeWidth: 0.5,
    });
  }
  if (layout.artwork && engraved) {
    const box = {
      x: left + layout.artwork.x * k,
      y: top + layout.artwork.y * k,
      width: layout.artwork.width * k,
      height: layout.artwork.height * k,
    };
    if (engraved.image) {
      primitives.push({ kind: 'image', ...box, ...engraved.image });
    } else {
      // Not read: its place is outlined and named, so the drawing still shows where it goes.
      primitives.push({
        kind: 'rect',
        ...box,
        fill: null,
        stroke: MUTED,
        strokeWidth: 0.5,
        dash: 3,
      });
      primitives.push({
        kind: 'text',
        x: box.x + box.width / 2,
        y: box.y + box.height / 2 + 3,
        text: engraved.name,
        size: 7,
        font: 'body',
        anchor: 'middle',
        fill: layout.colors.text,
        fitWidth: Math.min(box.width - 4, textWidthEm(engraved.name) * 7),
      });
    }
  }
  for (const line of layout.lines) {
    if (line.text.trim() === '') continue;
    primitives.push({
      kind: 'text',
      x: left + line.x * k,
      y: top + line.y * k,
      text: line.text,
      size: layout.fontSize * k,
      font: 'engraving',
      anchor: 'middle',
      fill: layout.colors.text,
      fitWidth: line.width * k,
    });
  }
  if (!code || !layout.code || !values.codeValue) return { layout, code: null };
  const symbol = drawCode(code.type, values.codeValue);
  const fit = fitCode(code.type, symbol, layout.code, config.material);
  const sx = (fit.symbol.width / symbol.columns) * k;
  const sy = (fit.symbol.height / symbol.rows) * k;
  const x0 = left + fit.symbol.x * k;
  const y0 = top + fit.symbol.y * k;
  primitives.push({
    kind: 'shape',
    fill: layout.colors.text,
    outlines: symbol.outlines.map((outline) =>
      outline.map((value, index) => (index % 2 === 0 ? x0 + value * sx : y0 + value * sy)),
    ),
  });
  return { layout, code: { module: fit.module, problem: fit.problem } };
}
