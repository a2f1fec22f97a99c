import type { Color, Material, Mounting } from '@shop/contracts/label-options';
import { SIZE_MIN_INCHES } from '@shop/contracts/label-options';
import {
  labelConfigurationSchema,
  type LabelConfiguration,
  type UploadedFileRef,
} from '@shop/contracts/label-configuration';

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
}

export const initialLabelDraft: LabelDraft = {
  material: null,
  width: '3',
  height: '2',
  color: 'black-white',
  mounting: 'no-mounting',
  customText: '',
  quantity: '1',
  files: [],
};

export type LabelField =
  'material' | 'width' | 'height' | 'color' | 'mounting' | 'customText' | 'quantity' | 'files';
export type FieldErrors = Partial<Record<LabelField, string>>;

/** A typed number, or undefined when the field is empty or not a number. */
function typedNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The draft in the shape the API takes (values may still be out of range; the schema judges them). */
export function toConfigurationInput(draft: LabelDraft) {
  return {
    material: draft.material ?? undefined,
    width: typedNumber(draft.width),
    height: typedNumber(draft.height),
    color: draft.color,
    mounting: draft.mounting,
    customText: draft.customText,
    quantity: typedNumber(draft.quantity),
    files: draft.files,
  };
}

/**
 * The configuration to price, or null when the price display shows zeros (docs/product.md section 4): material,
 * width, height or quantity missing, or width or height under 0.75 inches. Anything else the server
 * would refuse (over 9 inches, a third decimal) is not sent either, so the display never shows a stale or
 * failed price for a label that cannot be ordered.
 */
export function priceableConfiguration(draft: LabelDraft): LabelConfiguration | null {
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
  const parsed = labelConfigurationSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

export type CartValidation =
  { ok: true; configuration: LabelConfiguration } | { ok: false; errors: FieldErrors };

/** Checks the draft with the schema the API uses; the first message per field, for inline errors. */
export function validateForCart(draft: LabelDraft): CartValidation {
  const parsed = labelConfigurationSchema.safeParse(toConfigurationInput(draft));
  if (parsed.success) return { ok: true, configuration: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as LabelField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** A cart line's configuration as a draft, to edit it (sizes and quantity back to text). */
export function draftFromCartLine(line: {
  productConfig: Omit<LabelDraft, 'width' | 'height' | 'quantity' | 'files' | 'material'> & {
    material: Material;
    width: number;
    height: number;
  };
  quantity: number;
  files: UploadedFileRef[];
}): LabelDraft {
  const config = line.productConfig;
  return {
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
