import { describe, expect, it } from 'vitest';
import type { ProofLine } from '@shop/contracts/proof-workflow';
import { lineWords } from './proof-section';

const line = (fields: Partial<ProofLine>): ProofLine => ({
  lineId: 'l1',
  lineNumber: 1,
  customText: 'MAIN PUMP',
  labels: 1,
  varies: null,
  uploadedFile: null,
  changed: true,
  ...fields,
});

describe("a proof line's words", () => {
  it('quote a plain text', () => {
    expect(lineWords(line({}))).toBe('“MAIN PUMP”');
  });

  it("name a series' text as its template, then its range", () => {
    expect(
      lineWords(line({ customText: 'PUMP {n}', varies: 'PUMP 1001 to PUMP 1200 (200 labels)' })),
    ).toBe('template “PUMP {n}” · PUMP 1001 to PUMP 1200 (200 labels)');
  });

  it("give a spreadsheet line's rows without empty quotes", () => {
    expect(lineWords(line({ customText: '', varies: 'valves.csv: 30 rows, one label each' }))).toBe(
      'valves.csv: 30 rows, one label each',
    );
  });
});
