// What every drawing of the proofs is made of: primitives in points (1/72 inch, y down), which the SVG
// and PDF renderers draw one by one (drawing.ts builds a proof's, label-face.ts a label's).
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
      /** Closed outlines [x0, y0, x1, y1, ...] filled together by the even-odd rule (a code). */
      kind: 'shape';
      outlines: number[][];
      fill: string;
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

/** The image engraved on the label (engravedArtworkOf), drawn on it where the layout places it. */
export interface EngravedArtwork {
  name: string;
  /** Its content, or null when it is not read (over the thumbnails' size, no longer stored). */
  image: { mime: 'image/png' | 'image/jpeg'; data: Buffer } | null;
}
