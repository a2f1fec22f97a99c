import type { CartItem } from '@shop/contracts/cart';
import type { Color, Material, Mounting } from '@shop/contracts/label-options';
import type { CodePlacement, CodeType, LabelSeries, LabelCode } from '@shop/contracts/asset-tags';
import { SIZE_MIN_INCHES } from '@shop/contracts/label-options';
import type {
  labelConfigurationSchema,
  LabelConfiguration,
  LabelConfigurationInput,
  UploadedFileRef,
} from '@shop/contracts/label-configuration';

/** The API's schema of a label, loaded once the shopper starts (api/configurator-schemas.ts). */
export type LabelSchema = typeof labelConfigurationSchema;

/**
 * The label as the shopper is filling it in. Sizes and quantity stay as typed (a shopper may clear a
 * field on the way to a new number); they become numbers when the label is priced or added to the cart.
 */
export interface LabelDraft {
  material: Material | null;
  width: string;
  height: string;
  color: Color;
  mounting: Mounting;
  customText: string;
  quantity: string;
  files: UploadedFileRef[];
  /** Asset tags (docs/product.md section 12): the same text on each, a numbered series, or rows. */
  mode: TagMode;
  seriesStart: string;
  seriesStep: string;
  seriesPadding: string;
  codeType: CodeType | 'none';
  codePlacement: CodePlacement;
  /** What the code encodes: `{n}` (the label's number) or a template such as a URL with `{n}`. */
  codeValue: string;
  /** The uploaded spreadsheet (its rows are read from the server) and the columns chosen. */
  sheet: { id: string; originalName: string; rowCount: number } | null;
  textColumns: number[];
  codeColumn: number | null;
}

export type TagMode = 'same' | 'series' | 'rows';

export const initialLabelDraft: LabelDraft = {
  material: null,
  width: '3',
  height: '2',
  color: 'black-white',
  mounting: 'no-mounting',
  customText: '',
  quantity: '1',
  files: [],
  mode: 'same',
  seriesStart: '1',
  seriesStep: '1',
  seriesPadding: '0',
  codeType: 'none',
  codePlacement: 'beside',
  codeValue: '',
  sheet: null,
  textColumns: [],
  codeColumn: null,
};

export type LabelField =
  | 'material'
  | 'width'
  | 'height'
  | 'color'
  | 'mounting'
  | 'customText'
  | 'quantity'
  | 'files'
  | 'series'
  | 'code'
  | 'rows'
  /** The spreadsheet's column a code encodes (its own select, under the text columns). */
  | 'codeColumn';
export type FieldErrors = Partial<Record<LabelField, string>>;

/** A typed number, or undefined when the field is empty or not a number. */
function typedNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The draft in the shape the API takes (values may still be out of range; the schema judges them). */
export function toConfigurationInput(draft: LabelDraft) {
  const rows = draft.mode === 'rows';
  const series: LabelSeries | null =
    draft.mode === 'series'
      ? {
          start: typedNumber(draft.seriesStart) ?? Number.NaN,
          step: typedNumber(draft.seriesStep) ?? Number.NaN,
          padding: typedNumber(draft.seriesPadding) ?? 0,
        }
      : null;
  const code: LabelCode | null =
    draft.codeType === 'none'
      ? null
      : {
          type: draft.codeType,
          placement: draft.codePlacement,
          value: rows ? '' : draft.codeValue,
        };
  return {
    material: draft.material ?? undefined,
    width: typedNumber(draft.width),
    height: typedNumber(draft.height),
    color: draft.color,
    mounting: draft.mounting,
    customText: rows ? '' : draft.customText,
    quantity: rows ? draft.sheet?.rowCount : typedNumber(draft.quantity),
    files: draft.files,
    series,
    code,
    rows:
      rows && draft.sheet
        ? {
            sheetId: draft.sheet.id,
            textColumns: draft.textColumns,
            codeColumn: code ? draft.codeColumn : null,
          }
        : null,
  };
}

/**
 * The configuration to price, or null when the price display shows zeros (docs/product.md section 4): material,
 * width, height or quantity missing, or width or height under 0.75 inches. Anything else the server
 * would refuse (over 9 inches, a third decimal) is not sent either, so the display never shows a stale or
 * failed price for a label that cannot be ordered. Undefined: the schema that judges the rest is not
 * loaded yet.
 */
export function priceableConfiguration(
  draft: LabelDraft,
  schema: LabelSchema | undefined,
): LabelConfiguration | null | undefined {
  const input = toConfigurationInput(draft);
  if (
    input.material === undefined ||
    input.width === undefined ||
    input.height === undefined ||
    input.quantity === undefined
  ) {
    return null;
  }
  if (input.width < SIZE_MIN_INCHES || input.height < SIZE_MIN_INCHES) return null;
  if (!schema) return undefined;
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

export type CartValidation =
  { ok: true; configuration: LabelConfiguration } | { ok: false; errors: FieldErrors };

/**
 * Checks the draft with the schema the API uses; the first message per field, for inline errors.
 * Without the schema (not loaded yet) the draft is not ready and no field is blamed.
 */
export function validateForCart(
  draft: LabelDraft,
  schema: LabelSchema | undefined,
): CartValidation {
  if (draft.mode === 'rows' && !draft.sheet) {
    return { ok: false, errors: { rows: 'Upload the spreadsheet of your labels (CSV or Excel)' } };
  }
  if (draft.mode === 'rows' && draft.codeType !== 'none' && draft.codeColumn === null) {
    return { ok: false, errors: { codeColumn: 'Choose the column the code encodes' } };
  }
  if (!schema) return { ok: false, errors: {} };
  const parsed = schema.safeParse(toConfigurationInput(draft));
  if (parsed.success) return { ok: true, configuration: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as LabelField | undefined;
    // With a spreadsheet, the count is its rows: a problem with it is the sheet's; the code's column
    // has its own select while a code type is chosen.
    const shown =
      draft.mode === 'rows' && field === 'quantity'
        ? 'rows'
        : field === 'rows' && issue.path[1] === 'codeColumn' && draft.codeType !== 'none'
          ? 'codeColumn'
          : field;
    if (shown && !errors[shown]) errors[shown] = issue.message;
  }
  return { ok: false, errors };
}

/** A cart line's configuration as a draft, to edit it (sizes and quantity back to text). */
export function draftFromCartLine(
  line: Pick<CartItem, 'productConfig' | 'quantity' | 'files'>,
): LabelDraft {
  const config = line.productConfig;
  const { series, code, rows } = config;
  return {
    ...initialLabelDraft,
    mode: rows ? 'rows' : series ? 'series' : 'same',
    seriesStart: String(series?.start ?? 1),
    seriesStep: String(series?.step ?? 1),
    seriesPadding: String(series?.padding ?? 0),
    codeType: code?.type ?? 'none',
    codePlacement: code?.placement ?? 'beside',
    codeValue: code?.value ?? '',
    sheet: rows
      ? {
          id: rows.sheetId,
          originalName: rows.originalName ?? 'spreadsheet',
          rowCount: line.quantity,
        }
      : null,
    textColumns: rows?.textColumns ?? [],
    codeColumn: rows?.codeColumn ?? null,
    material: config.material,
    width: String(config.width),
    height: String(config.height),
    color: config.color,
    mounting: config.mounting,
    customText: config.customText,
    quantity: String(line.quantity),
    files: line.files.map(({ hashedName, originalName }) => ({ hashedName, originalName })),
  };
}

/**
 * The configuration as it goes over the wire: a plain label sends exactly the fields it always did
 * (series, code and rows only when the label has them), so the calls' payloads stay as specified.
 */
export function wireConfiguration(configuration: LabelConfiguration): LabelConfigurationInput {
  const { series, code, rows, ...plain } = configuration;
  return {
    ...plain,
    ...(series ? { series } : {}),
    ...(code ? { code } : {}),
    ...(rows ? { rows } : {}),
  };
}
