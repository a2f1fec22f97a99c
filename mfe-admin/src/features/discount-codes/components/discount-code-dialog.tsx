import { useMemo } from 'react';
import {
  DISCOUNT_CODE_TAKEN_MESSAGE,
  DISCOUNT_DESCRIPTION_MAX_LENGTH,
  EXPIRY_DAY_PATTERN,
  expiryInstant,
  type DiscountCodeCreateInput,
} from '@shop/contracts/discounts';
import { formatCount, parseCount, parseDollars, parsePercent } from '@shop/contracts/money';
import { z } from 'zod';
import { toast, apiErrorStatus, apiFieldErrors, apiErrorMessage } from 'shell/store';
import {
  Button,
  Dialog,
  DialogActions,
  DialogDescription,
  DialogTitle,
  CheckboxField,
  FieldRow,
  FormStack,
  SelectField,
  TextAreaField,
  TextField,
  useZodForm,
} from '@shop/ui';
import { shopTimeZoneName, useShopTimeZone } from '../../../lib/shop-time-zone';
import { discountCodeCreateSchema, useCreateDiscountCode } from '../api/create-discount-code';
import { hasExpired, isUsedUp, type DiscountCode } from '../api/get-discount-codes';
import { useUpdateDiscountCode } from '../api/update-discount-code';

interface DiscountCodeFormValues {
  [field: string]: string | boolean;
  code: string;
  type: string;
  value: string;
  minimumOrder: string;
  usageLimit: string;
  expiresAt: string;
  description: string;
  isActive: boolean;
}

function formValuesOf(code: DiscountCode | null): DiscountCodeFormValues {
  if (!code) {
    return {
      code: '',
      type: 'percentage',
      value: '',
      minimumOrder: '0',
      usageLimit: '',
      expiresAt: '',
      description: '',
      isActive: true,
    };
  }
  return {
    code: code.code,
    type: code.type,
    value: String(code.value),
    minimumOrder: String(code.minimumOrder ?? 0),
    usageLimit: code.usageLimit === null ? '' : formatCount(code.usageLimit),
    // The last day the code works (the shop's time zone), as a date input shows it.
    expiresAt: code.expiresOn ?? '',
    description: code.description ?? '',
    isActive: code.isActive,
  };
}

/**
 * A field's number as the admin typed it, the way the shop prints it ("$1,234.50", "1,000", " 25 "),
 * or undefined when blank. Text that is no such number is NaN, which the schema refuses with the
 * field's message: a number is never guessed from a mistyped one ("1,00", "1.000.5", "12abc").
 */
function numberIn(text: string, parse: (text: string) => number | null): number | undefined {
  if (text.trim() === '') return undefined;
  return parse(text) ?? Number.NaN;
}

/** A count; a fraction ("2.5") is read too, so the schema's "must be a whole number" says what is wrong. */
function countOrFraction(text: string): number | null {
  const count = parseCount(text);
  if (count !== null) return count;
  return /^[\d,\s]*\.\d*\s*$/.test(text) ? parseDollars(text) : null;
}

/** What the inputs hold, as the contracts' schema reads it: blanks mean 0, unlimited, never, none. */
function toInput(values: DiscountCodeFormValues): DiscountCodeCreateInput {
  return {
    code: values.code.trim(),
    type: values.type as DiscountCodeCreateInput['type'],
    value: numberIn(values.value, values.type === 'fixed' ? parseDollars : parsePercent) as number,
    minimumOrder: numberIn(values.minimumOrder, parseDollars) ?? 0,
    usageLimit: numberIn(values.usageLimit, countOrFraction) ?? null,
    expiresAt: values.expiresAt || null,
    description: values.description.trim() || null,
    isActive: values.isActive,
  };
}

const EXPIRY_PAST_MESSAGE = 'Expiry must be today or later';

/**
 * UTC−12, the last place any day ends. Without the shop's time zone, a day counts as gone only once it
 * has ended everywhere, so no day the API would still honour is refused; the API's answer tells the rest.
 */
const LAST_ZONE_TO_END_A_DAY = 'Etc/GMT+12';

/** Whether a picked last day (YYYY-MM-DD) is over: the code would stop working before it was saved. */
function dayIsOver(day: string, timeZone: string | undefined, now = Date.now()): boolean {
  return expiryInstant(day, timeZone ?? LAST_ZONE_TO_END_A_DAY).getTime() <= now;
}

/**
 * The contracts' schema, plus: a value typed that is no number says so, and a new expiry day must
 * not be over already (a code that expired the day it was made is a mistake). A code's unchanged
 * expiry is kept, so an expired code can still be edited.
 */
function formSchemaFor(timeZone: string | undefined, keptDay: string | null) {
  return discountCodeCreateSchema.extend({
    // Typed but not a number (toInput's NaN) is not "required".
    value: z
      .number({
        error: (issue) =>
          issue.input === undefined ? 'Value is required' : 'Value must be a number',
      })
      .pipe(discountCodeCreateSchema.shape.value),
    expiresAt: discountCodeCreateSchema.shape.expiresAt.refine(
      (day) =>
        !day || day === keptDay || !EXPIRY_DAY_PATTERN.test(day) || !dayIsOver(day, timeZone),
      EXPIRY_PAST_MESSAGE,
    ),
  });
}

/** What a saved code means for shoppers: "ready to use" only when it is. */
function savedDescription(saved: DiscountCode, editing: boolean): string {
  if (!saved.isActive) return `${saved.code} was saved as inactive: shoppers cannot use it.`;
  if (hasExpired(saved)) return `${saved.code} was saved but has expired: shoppers cannot use it.`;
  if (isUsedUp(saved))
    return `${saved.code} was saved but is used up (${formatCount(saved.timesUsed)} of ${formatCount(saved.usageLimit ?? 0)} uses): shoppers cannot use it.`;
  return editing ? `${saved.code} was saved.` : `${saved.code} is ready to use.`;
}

function DiscountCodeForm({ editing, onDone }: { editing: DiscountCode | null; onDone(): void }) {
  // The API ends a code when its last day ends in the shop's time zone (SHOP_TIME_ZONE).
  const timeZone = useShopTimeZone();
  const schema = useMemo(
    () => formSchemaFor(timeZone, editing?.expiresOn ?? null),
    [timeZone, editing?.expiresOn],
  );
  const form = useZodForm({
    schema,
    initialValues: formValuesOf(editing),
    toInput,
  });
  const create = useCreateDiscountCode();
  const update = useUpdateDiscountCode();
  const pending = create.isPending || update.isPending;

  const onSaved = (saved: DiscountCode) => {
    toast({
      title: editing ? 'Discount updated' : 'Discount created',
      description: savedDescription(saved, editing !== null),
    });
    onDone();
  };

  const onFailed = (error: Error) => {
    const message = apiErrorMessage(error);
    toast({
      variant: 'destructive',
      title: 'Save failed',
      ...(message ? { description: message } : {}),
    });
    const fields: Record<string, string> = apiFieldErrors(error);
    if (apiErrorStatus(error) === 409) fields.code = message ?? DISCOUNT_CODE_TAKEN_MESSAGE;
    form.setFieldErrors(fields);
  };

  const save = (input: DiscountCodeCreateInput) => {
    if (!editing) {
      create.mutate(input, { onSuccess: onSaved, onError: onFailed });
      return;
    }
    // An expiry day left as it was is not sent: the code keeps its own end, which the API may have
    // been given as an instant within that day (a day sent would end it at the day's end).
    const { expiresAt, ...others } = input;
    const changes = expiresAt === editing.expiresOn ? others : input;
    update.mutate({ id: editing.id, changes }, { onSuccess: onSaved, onError: onFailed });
  };

  const percentage = form.values.type === 'percentage';
  const code = form.input('code');
  // A code shoppers have used keeps its name: their orders name it (the API refuses a rename).
  const named = editing !== null && editing.timesUsed > 0;
  return (
    <FormStack ref={form.formRef} noValidate onSubmit={form.handleSubmit(save)}>
      <TextField
        label="Code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={50}
        data-autofocus
        hint={
          named
            ? 'Used on orders already, so it keeps its name: create a new code instead, and switch this one off if it should stop working.'
            : 'Uppercase letters, numbers, hyphens and underscores, such as SPRING-10.'
        }
        error={form.errors.code}
        {...code}
        readOnly={named}
        // The form upper-cases the code as it is typed (docs/product.md section 5).
        onChange={(event) => form.setValue('code', event.target.value.toUpperCase())}
      />
      {/* Text fields, not number inputs: those refuse "$1,234.50" or "1,000" as the shop prints them
          (or send them as blank); toInput reads them. */}
      <FieldRow>
        <SelectField label="Type" error={form.errors.type} {...form.input('type')}>
          <option value="percentage">Percentage off</option>
          <option value="fixed">Fixed amount off</option>
        </SelectField>
        <TextField
          label={percentage ? 'Value (%)' : 'Value ($)'}
          inputMode="decimal"
          autoComplete="off"
          hint={percentage ? 'From 0 to 100 percent.' : 'From $0 to $100.'}
          error={form.errors.value}
          {...form.input('value')}
        />
      </FieldRow>
      <FieldRow>
        <TextField
          label="Minimum order ($)"
          inputMode="decimal"
          autoComplete="off"
          hint="0 for no minimum."
          error={form.errors.minimumOrder}
          {...form.input('minimumOrder')}
        />
        <TextField
          label="Usage limit"
          inputMode="numeric"
          autoComplete="off"
          optional
          hint="Blank for unlimited."
          error={form.errors.usageLimit}
          {...form.input('usageLimit')}
        />
      </FieldRow>
      <TextField
        label="Expires on"
        type="date"
        optional
        hint={`Usable through the end of this day in ${shopTimeZoneName(timeZone)}. Blank never expires.`}
        error={form.errors.expiresAt}
        {...form.input('expiresAt')}
      />
      <TextAreaField
        label="Description"
        optional
        rows={2}
        hint={`${form.values.description.length}/${DISCOUNT_DESCRIPTION_MAX_LENGTH} characters. Shoppers see it when the code is applied.`}
        error={form.errors.description}
        {...form.input('description')}
      />
      <CheckboxField label="Active (shoppers can use this code)" {...form.checkbox('isActive')} />
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : editing ? 'Save Changes' : 'Create Discount'}
        </Button>
      </DialogActions>
    </FormStack>
  );
}

interface DiscountCodeDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The code being edited, or null to add one. */
  editing: DiscountCode | null;
}

export function DiscountCodeDialog({ open, onOpenChange, editing }: DiscountCodeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} width="36rem">
      <DialogTitle>{editing ? `Edit ${editing.code}` : 'Add Discount Code'}</DialogTitle>
      <DialogDescription>
        {editing
          ? 'Changes apply to the next checkout that uses this code.'
          : 'Create a code shoppers can enter in their cart.'}
      </DialogDescription>
      {/* A new form each time it opens, filled from the code being edited. */}
      <DiscountCodeForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
