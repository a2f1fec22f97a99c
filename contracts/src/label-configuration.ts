import { z } from 'zod';
import {
  COLORS,
  LINE_QUANTITY_LIMIT_MESSAGE,
  MATERIALS,
  MAX_LINE_QUANTITY,
  MOUNTINGS,
  QUANTITY_MESSAGES,
  SIZE_MAX_INCHES,
  SIZE_MIN_INCHES,
} from './label-options';
import {
  NUMBER_FIELD,
  codeValueProblem,
  fillNumber,
  labelCodeSchema,
  seriesRangeProblem,
  seriesSchema,
  sheetRowsSchema,
} from './asset-tags';

const MISSPELT_NUMBER_FIELD = `Write the number's place as ${NUMBER_FIELD}: a small n in braces, no spaces`;

/** A number's place written another way than NUMBER_FIELD ("{N}", "{ n }"). */
function misspeltNumberField(text: string): boolean {
  return [...text.matchAll(/\{\s*n\s*\}/gi)].some(([place]) => place !== NUMBER_FIELD);
}

const size = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(SIZE_MIN_INCHES, `${field} must be at least ${SIZE_MIN_INCHES} inches`)
    .max(SIZE_MAX_INCHES, `${field} must be at most ${SIZE_MAX_INCHES} inches`)
    .refine(
      (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      `${field} must use steps of 0.01 inches`,
    );

export const uploadedFileRefSchema = z.strictObject({
  hashedName: z.string().regex(/^[a-f0-9]{64}\.[a-z0-9]{2,5}$/, 'Unknown file'),
  originalName: z.string().min(1).max(255),
});
export type UploadedFileRef = z.infer<typeof uploadedFileRefSchema>;

/**
 * A sign configuration as the browser sends it (docs/product.md section 3); prices are never taken
 * from it. A line of asset tags (section 12) adds a numbered series (`series`, with `{n}` in the text
 * or the code's value; quantity is the series' length), a code (`code`), or one label per row of a
 * checked spreadsheet (`rows`; quantity is its row count, checked by the server). Each is null on a
 * plain label, which is exactly what it was before.
 */
/** A line's quantity: the rule quantityProblem (label-options.ts) states without zod. */
export const lineQuantitySchema = z
  .number({ error: QUANTITY_MESSAGES.notANumber })
  .int(QUANTITY_MESSAGES.notWhole)
  .min(1, QUANTITY_MESSAGES.belowOne)
  .max(MAX_LINE_QUANTITY, LINE_QUANTITY_LIMIT_MESSAGE);

export const labelConfigurationSchema = z
  .object({
    material: z.enum(MATERIALS, {
      error: 'Material must be one of indoor, phenolic, uv-resistant',
    }),
    width: size('Width'),
    height: size('Height'),
    color: z.enum(COLORS, { error: `Color must be one of ${COLORS.join(', ')}` }),
    mounting: z.enum(MOUNTINGS, { error: `Mounting must be one of ${MOUNTINGS.join(', ')}` }),
    customText: z
      .string()
      .max(500, 'Custom text must be at most 500 characters')
      .optional()
      .default(''),
    // One label when none is given (the specification's default).
    quantity: lineQuantitySchema.default(1),
    files: z.array(uploadedFileRefSchema).max(20).optional().default([]),
    series: seriesSchema.nullable().optional().default(null),
    code: labelCodeSchema.nullable().optional().default(null),
    rows: sheetRowsSchema.nullable().optional().default(null),
  })
  .superRefine((label, context) => {
    const issue = (path: string[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    // "{N}" or "{ n }" is a number's place mistyped: nothing fills it in, and every label would be
    // engraved with the braces.
    if (misspeltNumberField(label.customText)) issue(['customText'], MISSPELT_NUMBER_FIELD);
    if (label.code && misspeltNumberField(label.code.value))
      issue(['code', 'value'], MISSPELT_NUMBER_FIELD);
    if (label.series && label.rows) {
      issue(['rows'], 'A line is a numbered series or one label per spreadsheet row, not both');
      return;
    }
    if (label.series) {
      const numbered =
        label.customText.includes(NUMBER_FIELD) || label.code?.value.includes(NUMBER_FIELD);
      if (!numbered) issue(['customText'], `Put ${NUMBER_FIELD} in the text where the number goes`);
      // Each label's code is its own: one value on every label would tag them all alike.
      if (label.code && !label.code.value.includes(NUMBER_FIELD))
        issue(['code', 'value'], `Put ${NUMBER_FIELD} in the code's value where the number goes`);
      const range = seriesRangeProblem(label.series, label.quantity);
      if (range) issue(['series', 'start'], range);
    } else {
      // Only a series fills in the number: anything else would engrave the braces.
      const unnumbered = `${NUMBER_FIELD} is a numbered series' number: choose Numbered series, or take it out`;
      if (label.customText.includes(NUMBER_FIELD)) issue(['customText'], unnumbered);
      if (label.code?.value.includes(NUMBER_FIELD)) issue(['code', 'value'], unnumbered);
    }
    if (label.rows) {
      if (label.customText.trim() !== '') {
        issue(['customText'], "With a spreadsheet, each label's text comes from its columns");
      }
      if (label.rows.textColumns.length === 0 && label.rows.codeColumn === null) {
        issue(['rows', 'textColumns'], 'Choose the columns that go on the labels');
      }
      if ((label.code === null) !== (label.rows.codeColumn === null)) {
        issue(
          ['rows', 'codeColumn'],
          label.code ? 'Choose the column the code encodes' : 'Choose a code type for that column',
        );
      }
      return;
    }
    if (label.code) {
      // The first label's value; a series' other numbers are digits, which every code type takes.
      const value = label.series ? fillNumber(label.code.value, label.series, 0) : label.code.value;
      const problem = codeValueProblem(label.code.type, value);
      if (problem) issue(['code', 'value'], problem);
    }
  });
export type LabelConfiguration = z.infer<typeof labelConfigurationSchema>;
export type LabelConfigurationInput = z.input<typeof labelConfigurationSchema>;
