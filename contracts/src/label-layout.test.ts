import { describe, expect, it } from 'vitest';
import {
  ENGRAVING_FONT,
  HOLE_INSET_INCHES,
  MIN_CAP_HEIGHT_INCHES,
  characterWidthEm,
  engravedArtworkOf,
  labelLayout,
  textWidthEm,
  type LabelLayout,
  type LabelLayoutInput,
} from './label-layout';

const base: LabelLayoutInput = {
  width: 3,
  height: 2,
  color: 'black-white',
  mounting: 'no-mounting',
  customText: 'MAIN PUMP',
};

const EPSILON = 1e-3;

/** Every line within the text area, the text area within the label, and no line wider than allowed. */
function expectTextInsideLabel(layout: LabelLayout) {
  const { textBox } = layout;
  expect(textBox.x).toBeGreaterThan(0);
  expect(textBox.x + textBox.width).toBeLessThanOrEqual(layout.width + EPSILON);
  for (const line of layout.lines) {
    expect(line.x - line.width / 2).toBeGreaterThanOrEqual(textBox.x - EPSILON);
    expect(line.x + line.width / 2).toBeLessThanOrEqual(textBox.x + textBox.width + EPSILON);
    expect(line.y - layout.capHeight).toBeGreaterThanOrEqual(textBox.y - EPSILON);
    expect(line.y).toBeLessThanOrEqual(textBox.y + textBox.height + EPSILON);
  }
  const blockHeight = layout.lines.length * layout.lineHeight;
  expect(blockHeight).toBeLessThanOrEqual(textBox.height + EPSILON);
}

/** The size is the largest that fits: one of the two limits (widest line, all lines' height) is met. */
function expectLargestFit(layout: LabelLayout) {
  const widest = Math.max(...layout.lines.map((line) => line.width));
  const blockHeight = layout.lines.length * layout.lineHeight;
  const widthFull = Math.abs(widest - layout.textBox.width) < EPSILON;
  const heightFull = Math.abs(blockHeight - layout.textBox.height) < EPSILON * layout.lines.length;
  expect(widthFull || heightFull).toBe(true);
}

describe('text width estimate', () => {
  it('counts wide East Asian characters as a full em, Latin capitals narrower, marks as nothing', () => {
    expect(characterWidthEm('漢')).toBe(1);
    expect(characterWidthEm('ア')).toBe(1);
    expect(characterWidthEm('한')).toBe(1);
    expect(characterWidthEm('Ａ')).toBe(1);
    expect(characterWidthEm('M')).toBeLessThan(1);
    expect(characterWidthEm('Ж')).toBe(characterWidthEm('M'));
    expect(characterWidthEm('ж')).toBe(characterWidthEm('m'));
    expect(characterWidthEm('i')).toBeLessThan(characterWidthEm('m'));
    expect(characterWidthEm('\u0301')).toBe(0);
    expect(textWidthEm('é')).toBe(textWidthEm('e\u0301'));
  });

  it('is the sum of the characters, the same on every call', () => {
    expect(textWidthEm('AB')).toBeCloseTo(characterWidthEm('A') * 2);
    expect(textWidthEm('非常停止')).toBe(4);
    expect(textWidthEm('')).toBe(0);
  });
});

describe('labelLayout', () => {
  it('takes the colours of the pair: background, text and the display name', () => {
    const layout = labelLayout({ ...base, color: 'yellow-black' });
    expect(layout.colors).toEqual({ background: '#facc15', text: '#111111', name: 'Yellow/Black' });
  });

  it('keeps line breaks (any convention) and drops empty lines only at the ends', () => {
    const layout = labelLayout({ ...base, customText: '\nLINE 1\r\n\r\nLINE 3  \rLINE 4\n\n' });
    expect(layout.lines.map((line) => line.text)).toEqual(['LINE 1', '', 'LINE 3', 'LINE 4']);
    // Lines are spaced one line height apart, centred on the label.
    const [first, second] = layout.lines;
    expect(second!.y - first!.y).toBeCloseTo(layout.lineHeight, 3);
    expect(first!.x).toBe(1.5);
  });

  it('has no lines and no warning when there is no text', () => {
    const layout = labelLayout({ ...base, customText: '  \n ' });
    expect(layout.lines).toEqual([]);
    expect(layout.fontSize).toBe(0);
    expect(layout.textTooSmall).toBe(false);
  });

  it('fits one short line on a 9 x 9 sign by its width, with large letters and no warning', () => {
    const layout = labelLayout({ ...base, width: 9, height: 9, customText: 'EXIT' });
    expectTextInsideLabel(layout);
    expectLargestFit(layout);
    expect(layout.lines[0]!.width).toBeCloseTo(layout.textBox.width, 3);
    expect(layout.capHeight).toBeGreaterThan(1);
    expect(layout.textTooSmall).toBe(false);
  });

  it('fits many lines on a 9 x 9 sign by their height', () => {
    const text = Array.from({ length: 12 }, (_, i) => `L${i}`).join('\n');
    const layout = labelLayout({ ...base, width: 9, height: 9, customText: text });
    expectTextInsideLabel(layout);
    expect(layout.lines).toHaveLength(12);
    expect(layout.lines.length * layout.lineHeight).toBeCloseTo(layout.textBox.height, 2);
  });

  it('shrinks long text on a 0.75 x 0.75 label below the minimum letter height and warns', () => {
    const layout = labelLayout({
      ...base,
      width: 0.75,
      height: 0.75,
      customText: 'DANGER: 480 VOLTS - LOCK OUT BEFORE SERVICING',
    });
    expectTextInsideLabel(layout);
    expectLargestFit(layout);
    expect(layout.capHeight).toBeLessThan(MIN_CAP_HEIGHT_INCHES);
    expect(layout.textTooSmall).toBe(true);
  });

  it('warns exactly when the capitals fall below the minimum height of 1/8 inch', () => {
    // Lines of one letter on a 9 x 9 sign: the number of lines sets the size. The text area is
    // 9 - 2 x 0.54 = 7.92 inches tall, so caps are 7.92 / (1.2 n) x 0.73 = 4.818 / n inches:
    // 38 lines give 0.1268 (engravable), 39 give 0.1235 (too small).
    const lines = (count: number) =>
      labelLayout({ ...base, width: 9, height: 9, customText: 'A\n'.repeat(count) });
    const at38 = lines(38);
    const at39 = lines(39);
    expect(at38.capHeight).toBeGreaterThanOrEqual(MIN_CAP_HEIGHT_INCHES);
    expect(at38.textTooSmall).toBe(false);
    expect(at39.capHeight).toBeLessThan(MIN_CAP_HEIGHT_INCHES);
    expect(at39.textTooSmall).toBe(true);
    expect(at39.capHeight).toBeCloseTo(at39.fontSize * ENGRAVING_FONT.capHeight, 3);
  });

  it('lays out a 9 x 0.75 strip with its text in one line across, height-limited', () => {
    const layout = labelLayout({
      ...base,
      width: 9,
      height: 0.75,
      customText: 'CONVEYOR 3 - NORTH',
    });
    expectTextInsideLabel(layout);
    expectLargestFit(layout);
    expect(layout.lines[0]!.width).toBeLessThan(layout.textBox.width);
    expect(layout.textTooSmall).toBe(false);
  });

  it('lays out a 0.75 x 9 upright strip: a long line is squeezed by the width and warned about', () => {
    const layout = labelLayout({
      ...base,
      width: 0.75,
      height: 9,
      customText: 'EMERGENCY STOP',
    });
    expectTextInsideLabel(layout);
    expectLargestFit(layout);
    expect(layout.lines[0]!.width).toBeCloseTo(layout.textBox.width, 3);
    expect(layout.textTooSmall).toBe(true);
  });

  it('fits Japanese, Arabic and Cyrillic text, Japanese counted wider per character', () => {
    const japanese = labelLayout({ ...base, customText: '非常停止ボタン' });
    const latin = labelLayout({ ...base, customText: 'ABCDEFG' });
    expect(japanese.lines[0]!.text).toBe('非常停止ボタン');
    expect(japanese.fontSize).toBeLessThan(latin.fontSize);
    for (const customText of [
      '非常停止ボタン\n電源',
      'خطر كهرباء\nلا تلمس',
      'ОПАСНО\nВЫСОКОЕ НАПРЯЖЕНИЕ',
    ]) {
      const layout = labelLayout({ ...base, customText });
      expect(layout.lines).toHaveLength(2);
      expectTextInsideLabel(layout);
      expectLargestFit(layout);
    }
  });

  it('puts four holes in the corners, 3/16 inch in, and keeps the text clear of them', () => {
    const layout = labelLayout({
      ...base,
      mounting: 'mounting-holes',
      customText: 'WIDE TEXT LINE',
    });
    expect(layout.holes.map(({ x, y }) => [x, y])).toEqual([
      [0.1875, 0.1875],
      [2.8125, 0.1875],
      [0.1875, 1.8125],
      [2.8125, 1.8125],
    ]);
    for (const hole of layout.holes) {
      const nearestTextX = Math.min(
        Math.abs(hole.x - layout.textBox.x),
        Math.abs(hole.x - (layout.textBox.x + layout.textBox.width)),
      );
      expect(nearestTextX).toBeGreaterThan(hole.radius);
    }
    expectTextInsideLabel(layout);
    expect(layout.adhesive).toBe(false);
  });

  it('puts two holes at the ends of a narrow label: left and right on 9 x 0.75, top and bottom on 0.75 x 9', () => {
    const wide = labelLayout({ ...base, width: 9, height: 0.75, mounting: 'mounting-holes' });
    expect(wide.holes.map(({ x, y }) => [x, y])).toEqual([
      [HOLE_INSET_INCHES, 0.375],
      [9 - HOLE_INSET_INCHES, 0.375],
    ]);
    expect(wide.textBox.x).toBeGreaterThan(HOLE_INSET_INCHES + wide.holes[0]!.radius);

    const tall = labelLayout({ ...base, width: 0.75, height: 9, mounting: 'mounting-holes' });
    expect(tall.holes.map(({ x, y }) => [x, y])).toEqual([
      [0.375, HOLE_INSET_INCHES],
      [0.375, 9 - HOLE_INSET_INCHES],
    ]);
    expect(tall.textBox.y).toBeGreaterThan(HOLE_INSET_INCHES + tall.holes[0]!.radius);

    const square = labelLayout({ ...base, width: 0.75, height: 0.75, mounting: 'mounting-holes' });
    expect(square.holes).toHaveLength(2);
    expectTextInsideLabel(square);
    expect(square.textTooSmall).toBe(true);
  });

  it('marks adhesive backing instead of holes', () => {
    const layout = labelLayout({ ...base, mounting: 'adhesive' });
    expect(layout.adhesive).toBe(true);
    expect(layout.holes).toEqual([]);
    expect(labelLayout(base).adhesive).toBe(false);
  });
});

describe('engraved artwork', () => {
  it('is the first PNG or JPG of the files; other files are not drawn', () => {
    const files = [
      { hashedName: `${'a'.repeat(64)}.pdf`, originalName: 'drawing.pdf' },
      { hashedName: `${'b'.repeat(64)}.jpg`, originalName: 'logo.jpg' },
      { hashedName: `${'c'.repeat(64)}.png`, originalName: 'other.png' },
    ];
    expect(engravedArtworkOf(files)?.originalName).toBe('logo.jpg');
    expect(engravedArtworkOf(files.slice(0, 1))).toBeNull();
    expect(engravedArtworkOf([])).toBeNull();
  });

  it('on a wide label, takes a square at the left and the text the rest, clear of each other', () => {
    const layout = labelLayout({ ...base, width: 6, height: 2, artwork: true });
    const art = layout.artwork!;
    expect(art.width).toBeCloseTo(art.height, 3);
    expect(art.x).toBeCloseTo(0.12, 3); // the margin: 6% of the short side
    expect(layout.textBox.x).toBeGreaterThan(art.x + art.width);
    expectTextInsideLabel(layout);
    for (const line of layout.lines) {
      expect(line.x - line.width / 2).toBeGreaterThanOrEqual(art.x + art.width - EPSILON);
    }
    // Without it, the same text is centred on the label and larger.
    const plain = labelLayout({ ...base, width: 6, height: 2 });
    expect(plain.artwork).toBeNull();
    expect(plain.lines[0]!.x).toBe(3);
    expect(layout.lines[0]!.x).toBeGreaterThan(3);
  });

  it('on a tall label, takes the top, and with no text the whole area clear of edges and holes', () => {
    const tall = labelLayout({ ...base, width: 2, height: 5, artwork: true });
    expect(tall.artwork!.y).toBeLessThan(tall.textBox.y);
    expect(tall.artwork!.y + tall.artwork!.height).toBeLessThan(tall.textBox.y);
    const only = labelLayout({
      ...base,
      mounting: 'mounting-holes',
      customText: '',
      artwork: true,
    });
    expect(only.lines).toEqual([]);
    expect(only.artwork).toEqual(only.textBox);
  });
});
