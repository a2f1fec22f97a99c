/**
 * The options of asset tags (docs/product.md section 12) without a schema: code types and
 * placements, the series' bounds and the spreadsheet's. Free of zod, so what draws a label
 * (label-layout.ts, label-codes.ts) and the shell's store (store-answers.ts) read them without
 * bringing zod's classic API onto the landing page; asset-tags.ts holds the schemas and re-exports
 * these.
 */
/** Where the number goes in the label's text (and in a code's value): `PUMP {n}`. */
export const NUMBER_FIELD = '{n}';

export const CODE_TYPES = ['code128', 'qrcode', 'datamatrix'] as const;
export type CodeType = (typeof CODE_TYPES)[number];
export const CODE_TYPE_LABELS: Record<CodeType, string> = {
  code128: 'Code 128',
  qrcode: 'QR code',
  datamatrix: 'Data Matrix',
};
/** Linear codes are a row of bars; matrix codes a square of modules. */
export const isMatrixCode = (type: CodeType) => type !== 'code128';

export const CODE_PLACEMENTS = ['beside', 'below'] as const;
export type CodePlacement = (typeof CODE_PLACEMENTS)[number];
export const CODE_PLACEMENT_LABELS: Record<CodePlacement, string> = {
  beside: 'Beside the text',
  below: 'Under the text',
};

/** The longest value each code type takes here (an asset number or a short URL, not a document). */
export const CODE_VALUE_MAX_LENGTH: Record<CodeType, number> = {
  code128: 40,
  qrcode: 200,
  datamatrix: 200,
};

export const SERIES_MAX_NUMBER = 999_999_999;
export const SERIES_MAX_STEP = 1_000;
export const SERIES_MAX_PADDING = 9;

/** A spreadsheet may have at most this many columns; a label takes text from up to 4 of them. */
export const MAX_SHEET_COLUMNS = 26;
export const MAX_TEXT_COLUMNS = 4;
export const MAX_SHEET_ROWS = 10_000;

/** The spreadsheet field's name in POST /api/label-sheets, and the types it takes. */
export const SHEET_FIELD = 'file';
export const SHEET_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
