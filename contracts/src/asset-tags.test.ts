import { describe, expect, it } from 'vitest';
import {
  repeatedLabel,
  codeValueProblem,
  csvCell,
  describeSeries,
  rowLabel,
  seriesLabel,
  variableDataTerms,
  widestSeriesIndex,
} from './asset-tags';
import { labelConfigurationSchema } from './label-configuration';
import { codeModulesBound, drawCode } from './label-code-drawing';
import { fitCode, invertedCodeWarning, MIN_MODULE_INCHES } from './label-codes';
import { labelLayout } from './label-layout';
import { priceLabel } from './pricing';

const plain = {
  material: 'phenolic',
  width: 3,
  height: 2,
  color: 'white-black',
  mounting: 'no-mounting',
  customText: 'PUMP {n}',
  quantity: 500,
} as const;

describe('a numbered series', () => {
  const line = {
    customText: 'PUMP {n}',
    series: { start: 1501, step: 1, padding: 0 },
    code: {
      type: 'qrcode' as const,
      placement: 'beside' as const,
      value: 'https://assets.example.com/t/{n}',
    },
  };

  it('numbers each label from the start by the step, padded, in the text and the code', () => {
    expect(seriesLabel(line, 0)).toEqual({
      text: 'PUMP 1501',
      codeValue: 'https://assets.example.com/t/1501',
    });
    expect(seriesLabel(line, 499).text).toBe('PUMP 2000');
    const padded = { ...line, series: { start: 7, step: 5, padding: 4 } };
    expect(seriesLabel(padded, 2).text).toBe('PUMP 0017');
    expect(describeSeries(line, 500)).toBe('PUMP 1501 to PUMP 2000');
    expect(describeSeries(padded, 3)).toBe('PUMP 0007 to PUMP 0017, every 5');
    // Named by the line its number is on, not the first.
    const twoLines = { ...line, customText: 'BOILER ROOM\nTAG {n}' };
    expect(describeSeries(twoLines, 500)).toBe('TAG 1501 to TAG 2000');
    // No number in the text: by the code's value.
    expect(describeSeries({ ...line, customText: 'PUMP' }, 2)).toBe(
      'https://assets.example.com/t/1501 to https://assets.example.com/t/1502',
    );
  });

  it('finds the label whose number is widest: the most digits, then the fewest narrow ones', () => {
    const from = (start: number, step = 1, padding = 0) => ({ start, step, padding });
    // 1 to 11: "10" (two wide digits) is wider than "11" (two narrow ones).
    expect(widestSeriesIndex(from(1), 11)).toBe(9);
    // 1 to 111: "109" is the last of the three-digit numbers with one narrow digit.
    expect(widestSeriesIndex(from(1), 111)).toBe(108);
    // Padded to 4: every number has four digits; "0100" has one 1, "0099" none.
    expect(widestSeriesIndex(from(1, 1, 4), 100)).toBe(98);
    // Plain cases: the last, and the only.
    expect(widestSeriesIndex(from(1501), 500)).toBe(499);
    expect(widestSeriesIndex(from(7), 1)).toBe(0);
    // Every 5 from 1: 1, 6, 11, 16, 21: "16" and "21" tie, the last of equals.
    expect(widestSeriesIndex(from(1, 5), 5)).toBe(4);
    expect(
      labelLayout({ ...plain, customText: seriesLabel({ ...line, series: from(1) }, 9).text })
        .capHeight,
    ).toBeLessThan(
      labelLayout({ ...plain, customText: seriesLabel({ ...line, series: from(1) }, 10).text })
        .capHeight,
    );
  });

  it('needs {n} somewhere, and stays within the numbers sold', () => {
    const missing = labelConfigurationSchema.safeParse({
      ...plain,
      customText: 'PUMP',
      series: { start: 1, step: 1, padding: 0 },
    });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe('Put {n} in the text where the number goes');
    const past = labelConfigurationSchema.safeParse({
      ...plain,
      quantity: 10,
      series: { start: 999_999_995, step: 1, padding: 0 },
    });
    expect(past.error?.issues[0]?.message).toMatch(/would end at 1,000,000,004/);
  });

  it("refuses a number's place mistyped ({N}, { n }), which nothing would fill in, in the text or the code", () => {
    const misspelt = "Write the number's place as {n}: a small n in braces, no spaces";
    const series = { start: 1, step: 1, padding: 0 };
    const inText = labelConfigurationSchema.safeParse({
      ...plain,
      customText: 'PUMP {N}',
      series,
      code: { type: 'code128', value: '{n}', placement: 'beside' },
    });
    expect(inText.error?.issues).toEqual([
      expect.objectContaining({ path: ['customText'], message: misspelt }),
    ]);
    const inCode = labelConfigurationSchema.safeParse({
      ...plain,
      customText: 'PUMP {n}',
      series,
      code: { type: 'code128', value: 'P-{ n }-{n}', placement: 'beside' },
    });
    expect(inCode.error?.issues).toEqual([
      expect.objectContaining({ path: ['code', 'value'], message: misspelt }),
    ]);
    const plainText = labelConfigurationSchema.safeParse({ ...plain, customText: 'VALVE {N}' });
    expect(plainText.error?.issues[0]).toMatchObject({ path: ['customText'], message: misspelt });
    expect(
      labelConfigurationSchema.safeParse({ ...plain, customText: 'PUMP {n} {x}', series }).success,
    ).toBe(true);
  });

  it('leaves a plain label exactly as it was: no series, no code, no rows', () => {
    const parsed = labelConfigurationSchema.parse({ ...plain, customText: 'PUMP 3', quantity: 3 });
    expect(parsed).toMatchObject({ series: null, code: null, rows: null, customText: 'PUMP 3' });
    expect(priceLabel(parsed).unitCents).toBe(520 - 50);
  });

  it('refuses {n} on a label that is not a series (the braces would be engraved), and a series code without it (every tag alike)', () => {
    const unnumbered = "{n} is a numbered series' number: choose Numbered series, or take it out";
    const inText = labelConfigurationSchema.safeParse({ ...plain, customText: 'PUMP {n}' });
    expect(inText.error?.issues).toEqual([
      expect.objectContaining({ path: ['customText'], message: unnumbered }),
    ]);
    const inCode = labelConfigurationSchema.safeParse({
      ...plain,
      customText: 'PUMP 3',
      code: { type: 'code128', value: '{n}', placement: 'beside' },
    });
    expect(inCode.error?.issues[0]).toMatchObject({ path: ['code', 'value'], message: unnumbered });
    const sameCode = labelConfigurationSchema.safeParse({
      ...plain,
      customText: 'PUMP {n}',
      series: { start: 1, step: 1, padding: 0 },
      code: { type: 'qrcode', value: 'https://assets.example.com/t/', placement: 'beside' },
    });
    expect(sameCode.error?.issues).toEqual([
      expect.objectContaining({
        path: ['code', 'value'],
        message: "Put {n} in the code's value where the number goes",
      }),
    ]);
  });
});

describe('a code on the label', () => {
  it('refuses characters its type cannot carry', () => {
    expect(codeValueProblem('code128', 'PUMP-1501')).toBeNull();
    expect(codeValueProblem('code128', 'Pumpé')).toMatch(/"é" cannot be encoded/);
    expect(codeValueProblem('qrcode', 'Pumpé 日本')).toBeNull();
    expect(codeValueProblem('datamatrix', '')).toMatch(/no value/);
    expect(codeValueProblem('code128', 'x'.repeat(41))).toMatch(/at most 40 characters/);
  });

  it('costs 25 cents a label, and a series 10 more, before the quantity break', () => {
    const base = priceLabel({ ...plain, quantity: 1 });
    const coded = priceLabel({ ...plain, quantity: 1, code: { type: 'qrcode' } });
    const series = priceLabel({ ...plain, quantity: 1, code: {}, series: {} });
    expect(coded.unitCents - base.unitCents).toBe(25);
    expect(series.unitCents - base.unitCents).toBe(35);
    // 500 labels: the 100+ break (20% off) applies to the count of labels.
    expect(priceLabel({ ...plain, quantity: 500, code: {}, series: {} }).unitCents).toBe(
      Math.round(((470 + 35) * 80) / 100),
    );
  });

  it('takes its box beside or under the text, and the text keeps the rest', () => {
    const beside = labelLayout({
      ...plain,
      customText: 'PUMP 1501',
      code: { type: 'qrcode', placement: 'beside' },
    });
    expect(beside.code!.width).toBeCloseTo(beside.code!.height);
    expect(beside.code!.x).toBeGreaterThan(beside.textBox.x + beside.textBox.width);
    const below = labelLayout({
      ...plain,
      customText: 'PUMP 1501',
      code: { type: 'code128', placement: 'below' },
    });
    expect(below.code!.y).toBeGreaterThan(below.textBox.y + below.textBox.height);
    expect(below.code!.width).toBeCloseTo(below.textBox.width);
  });

  it('is refused when its modules would be smaller than the laser marks reliably', () => {
    const symbol = drawCode('qrcode', 'https://assets.example.com/t/1501');
    expect(symbol.columns).toBe(symbol.rows);
    const small = fitCode('qrcode', symbol, { x: 0, y: 0, width: 0.4, height: 0.4 }, 'phenolic');
    expect(small.problem).toMatch(
      /^Too small to scan: the QR code's squares would be 0\.0\d\d in wide and laser engraving on Phenolic needs at least 0\.015 in/,
    );
    const large = fitCode('qrcode', symbol, { x: 0, y: 0, width: 1.2, height: 1.2 }, 'phenolic');
    expect(large.problem).toBeNull();
    expect(large.module).toBeGreaterThanOrEqual(MIN_MODULE_INCHES.phenolic.matrix);
    const short = fitCode(
      'code128',
      drawCode('code128', 'PUMP 1501'),
      { x: 0, y: 0, width: 2, height: 0.2 },
      'indoor',
    );
    expect(short.problem).toMatch(/bars would be 0\.200 in tall/);
    // Just short of the minimum, the two widths never read alike.
    const symbol128 = drawCode('code128', 'PUMP 1501');
    const across = symbol128.columns + 20;
    const justShort = fitCode(
      'code128',
      symbol128,
      { x: 0, y: 0, width: across * (MIN_MODULE_INCHES.indoor.linear - 0.0002), height: 0.5 },
      'indoor',
    );
    expect(justShort.problem).toMatch(
      /narrowest bars would be 0\.0\d{3} in wide and laser engraving on Indoor needs at least 0\.0\d\d in/,
    );
  });

  it('checks a value against the largest symbol a value of its kind and length can need', () => {
    for (const [type, value] of [
      ['qrcode', 'PUMP 1501'],
      ['qrcode', 'https://assets.example.com/t/1501'],
      ['code128', 'V-1201a'],
      ['code128', '12345678'],
      ['datamatrix', 'Valve 12b'],
    ] as const) {
      const bound = codeModulesBound(type, value);
      const actual = drawCode(type, value);
      expect(bound.columns, `${type} ${value}`).toBeGreaterThanOrEqual(actual.columns);
      expect(bound.rows).toBeGreaterThanOrEqual(actual.rows);
    }
  });

  it('warns that a light code on a dark plate is not for every scanner', () => {
    expect(invertedCodeWarning('#111111', '#ffffff')).toMatch(/light on a dark plate/);
    expect(invertedCodeWarning('#ffffff', '#111111')).toBeNull();
  });
});

describe("rows and the engraver's spreadsheet", () => {
  it("takes a row's text lines and code from the mapped columns", () => {
    expect(
      rowLabel(['V-100', ' Boiler feed ', 'x'], { textColumns: [1, 0], codeColumn: 0 }),
    ).toEqual({
      text: 'Boiler feed\nV-100',
      codeValue: 'V-100',
    });
  });

  it('never writes a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const start of ['+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell('PUMP 1501')).toBe('"PUMP 1501"');
  });
});

describe('variableDataTerms (a line of the cart or an order, in a few words)', () => {
  it('names a series by its first and last label, and its code by its template', () => {
    expect(
      variableDataTerms(
        {
          customText: 'PUMP {n}',
          series: { start: 1501, step: 1, padding: 0 },
          code: { type: 'qrcode', placement: 'below', value: 'https://assets.example.com/t/{n}' },
        },
        500,
      ),
    ).toEqual([
      ['Series', 'PUMP 1501 to PUMP 2000 (500 labels)'],
      ['Code', 'QR code under the text: https://assets.example.com/t/{n}'],
    ]);
  });

  it('names a spreadsheet by its file, its rows and the columns', () => {
    expect(
      variableDataTerms(
        {
          customText: '',
          rows: {
            sheetId: 'a'.repeat(24),
            textColumns: [1, 0],
            codeColumn: 0,
            originalName: 'valves.csv',
          },
          code: { type: 'code128', placement: 'beside', value: '' },
        },
        2000,
      ),
    ).toEqual([
      ['Rows', 'valves.csv: 2,000 rows, one label each (text from column B, A)'],
      ['Code', 'Code 128 beside the text: column A'],
    ]);
    expect(variableDataTerms({ customText: 'EXIT' }, 3)).toEqual([]);
  });
});

describe('labels engraved once in an order (repeatedLabel)', () => {
  const plate = {
    material: 'phenolic',
    width: 3,
    height: 1,
    color: 'black-white',
    mounting: 'adhesive',
    code: null,
    rows: null,
  };
  const series = (start: number, step: number, quantity: number, padding = 0) => ({
    productConfig: { ...plate, customText: 'TAG {n}', series: { start, step, padding } },
    quantity,
  });

  it('finds the smallest number two series of one label share, walking the shorter', () => {
    expect(repeatedLabel([series(1, 1, 10), series(8, 1, 5)])).toEqual({
      kind: 'series',
      lines: [0, 1],
      label: 'TAG 8',
    });
    expect(repeatedLabel([series(1, 3, 10_000), series(2, 2, 3)])?.label).toBe('TAG 4');
  });

  it('finds none between numbers that interleave, ranges that only touch, numbers padded otherwise or other labels', () => {
    expect(repeatedLabel([series(1, 2, 500), series(2, 2, 500)])).toBeNull();
    expect(repeatedLabel([series(1, 1, 10), series(11, 1, 10)])).toBeNull();
    // TAG 1 and TAG 0001 are two labels; TAG 2001 padded to 0 or to 4 digits is one.
    expect(repeatedLabel([series(1, 1, 10), series(1, 1, 10, 4)])).toBeNull();
    expect(repeatedLabel([series(2001, 1, 10), series(2001, 1, 10, 4)])?.label).toBe('TAG 2001');
    expect(repeatedLabel([series(995, 1, 10), series(990, 1, 20, 4)])?.label).toBe('TAG 1000');
    const aluminium = series(1, 1, 10);
    aluminium.productConfig = { ...aluminium.productConfig, material: 'uv-resistant' };
    expect(repeatedLabel([series(1, 1, 10), aluminium])).toBeNull();
  });

  it('finds a sheet taken twice into the same columns, and only the pairs with the line asked about', () => {
    const sheet = (textColumns: number[]) => ({
      productConfig: {
        ...plate,
        customText: '',
        series: null,
        rows: { sheetId: 'a'.repeat(24), textColumns, codeColumn: null, originalName: 'tags.csv' },
      },
      quantity: 4,
    });
    expect(repeatedLabel([sheet([0]), sheet([0])])).toEqual({
      kind: 'rows',
      lines: [0, 1],
      label: 'the rows of tags.csv',
    });
    expect(repeatedLabel([sheet([0]), sheet([1])])).toBeNull();
    const lines = [series(1, 1, 10), series(5, 1, 10), series(100, 1, 10)];
    expect(repeatedLabel(lines, { involving: 2 })).toBeNull();
    expect(repeatedLabel(lines, { involving: 1 })?.lines).toEqual([0, 1]);
  });
});
