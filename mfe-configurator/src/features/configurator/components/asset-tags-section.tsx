import { useId, useRef } from 'react';
import styled from 'styled-components';
import {
  CODE_PLACEMENT_LABELS,
  CODE_PLACEMENTS,
  CODE_TYPE_LABELS,
  CODE_TYPES,
  MAX_TEXT_COLUMNS,
  NUMBER_FIELD,
  SHEET_ACCEPT,
  type CodeType,
} from '@shop/contracts/asset-tag-options';
import { columnLetter } from '@shop/contracts/asset-tag-terms';
import type { SheetCheck } from '@shop/contracts/asset-tags';
import { invertedCodeWarning } from '@shop/contracts/label-codes';
import { COLOR_SWATCHES } from '@shop/contracts/label-options';
import { CODE_SURCHARGE_CENTS, VARIABLE_DATA_SURCHARGE_CENTS } from '@shop/contracts/pricing';
import { formatCount, formatDollars } from '@shop/contracts/money';
import { apiErrorMessage } from 'shell/store';
import {
  Button,
  Field,
  FieldError,
  FieldHint,
  Input,
  Label,
  Select,
  fromMedium,
  theme,
  visuallyHidden,
} from '@shop/ui';
import { FormSection } from '../../../components/form-section';
import { RadioCard } from '../../../components/radio-card';
import type { LabelDraft, TagMode } from '../label-draft';
import { useSheetPage, useUploadSheet } from '../api/label-sheets';

const MODES: { mode: TagMode; name: string; detail: string }[] = [
  { mode: 'same', name: 'All the same', detail: 'Every label says the same.' },
  { mode: 'series', name: 'Numbered series', detail: 'PUMP 1501 to PUMP 2000: one number each.' },
  { mode: 'rows', name: 'One per spreadsheet row', detail: 'Upload a CSV or Excel file.' },
];

const Group = styled.fieldset`
  margin: 0 0 1.25rem;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 0.5rem;
    font-weight: 600;
    color: ${theme.colors.ink};
  }
`;

const Choices = styled.div`
  display: grid;
  gap: 0.625rem;
  ${fromMedium} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Pair = styled.div`
  display: grid;
  gap: 0.625rem;
  ${fromMedium} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Numbers = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  align-items: end;
  gap: 0.75rem;
`;

const Name = styled.span`
  padding-right: 1.75rem;
  font-weight: 700;
  color: ${theme.colors.ink};
`;

const Detail = styled.span`
  font-size: 0.875rem;
  color: ${theme.colors.muted};
`;

const Stack = styled.div`
  display: grid;
  gap: 0.875rem;
`;

const Columns = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
  label {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    min-height: 2rem;
    cursor: pointer;
  }
  input {
    width: 1.125rem;
    height: 1.125rem;
    accent-color: ${theme.colors.accent};
  }
`;

const SheetLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.sunken};
  overflow-wrap: anywhere;
`;

const HiddenFile = styled.input`
  ${visuallyHidden}
`;

const Problems = styled.div`
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.colors.danger};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
  }
  ol {
    max-height: 14rem;
    overflow-y: auto;
    margin: 0;
    padding-left: 0;
    list-style: none;
    font-size: 0.9rem;
  }
  li + li {
    margin-top: 0.25rem;
  }
  p {
    margin: 0.5rem 0 0;
    font-size: 0.9rem;
  }
`;

const Ready = styled.p`
  margin: 0;
  color: ${theme.colors.success};
  font-weight: 600;
`;

export interface AssetTagErrors {
  series?: string;
  code?: string;
  rows?: string;
  codeColumn?: string;
}

interface AssetTagsSectionProps {
  draft: LabelDraft;
  errors: AssetTagErrors;
  onChange(patch: Partial<LabelDraft>): void;
  onBlur(field: 'series' | 'code' | 'rows'): void;
  /** The server's check of every row (undefined until it answers). */
  check: { data: SheetCheck | undefined; checking: boolean; failed: boolean };
}

const fee = (cents: number) => `+${formatDollars(cents / 100)} per label`;

/** Asset tags: a numbered series or one label per spreadsheet row, and a code on each label. */
export function AssetTagsSection({
  draft,
  errors,
  onChange,
  onBlur,
  check,
}: AssetTagsSectionProps) {
  const id = useId();
  const setMode = (mode: TagMode) => {
    const patch: Partial<LabelDraft> = { mode };
    // A series needs {n} somewhere: put it at the end of the text the shopper has.
    if (mode === 'series' && !draft.customText.includes(NUMBER_FIELD)) {
      patch.customText = `${draft.customText.trimEnd()} ${NUMBER_FIELD}`.trimStart();
    }
    if (mode !== 'series' && draft.customText.includes(NUMBER_FIELD)) {
      patch.customText = draft.customText.split(NUMBER_FIELD).join('').trim();
    }
    // A series' code carries the number too (at the end of a template typed before); nothing else's.
    if (mode === 'series' && !draft.codeValue.includes(NUMBER_FIELD)) {
      patch.codeValue = `${draft.codeValue.trim()}${NUMBER_FIELD}`;
    }
    if (mode !== 'series' && draft.codeValue.includes(NUMBER_FIELD)) {
      patch.codeValue = draft.codeValue.split(NUMBER_FIELD).join('').trim();
    }
    onChange(patch);
  };
  const setCode = (value: string) => {
    const codeType = value as CodeType | 'none';
    const patch: Partial<LabelDraft> = { codeType };
    if (codeType !== 'none' && draft.codeValue === '' && draft.mode === 'series') {
      patch.codeValue = NUMBER_FIELD;
    }
    onChange(patch);
  };
  // Light modules on a dark plate: said by the code's choice, where the shopper can act on it.
  const swatch = COLOR_SWATCHES[draft.color];
  const inverted = invertedCodeWarning(swatch.background, swatch.text);
  return (
    <FormSection
      step={6}
      title="Numbers and codes"
      description={`Number a series of tags, add a barcode or QR code, or make one label per spreadsheet row. A code adds ${formatDollars(CODE_SURCHARGE_CENTS / 100)}, numbered or spreadsheet labels ${formatDollars(VARIABLE_DATA_SURCHARGE_CENTS / 100)} a label, before quantity breaks.`}
      data-testid="asset-tags"
    >
      <Group>
        <legend>Labels</legend>
        <Choices>
          {MODES.map(({ mode, name, detail }) => (
            <RadioCard
              key={mode}
              name="tag-mode"
              value={mode}
              checked={draft.mode === mode}
              onChange={() => setMode(mode)}
            >
              <Name>{name}</Name>
              <Detail>{detail}</Detail>
              {mode !== 'same' && <Detail>{fee(VARIABLE_DATA_SURCHARGE_CENTS)}</Detail>}
            </RadioCard>
          ))}
        </Choices>
      </Group>

      {draft.mode === 'series' && (
        <Group data-testid="series-fields">
          <legend>Numbering</legend>
          <Numbers>
            <Field>
              <Label htmlFor={`${id}-start`}>First number</Label>
              <Input
                id={`${id}-start`}
                name="seriesStart"
                type="number"
                inputMode="numeric"
                min={0}
                value={draft.seriesStart}
                onChange={(event) => onChange({ seriesStart: event.target.value })}
                onBlur={() => onBlur('series')}
                aria-invalid={errors.series ? true : undefined}
                aria-describedby={`${id}-series-hint${errors.series ? ` ${id}-series-error` : ''}`}
              />
            </Field>
            <Field>
              <Label htmlFor={`${id}-step`}>Step</Label>
              <Input
                id={`${id}-step`}
                name="seriesStep"
                type="number"
                inputMode="numeric"
                min={1}
                value={draft.seriesStep}
                onChange={(event) => onChange({ seriesStep: event.target.value })}
                onBlur={() => onBlur('series')}
                aria-describedby={`${id}-series-hint`}
              />
            </Field>
            <Field>
              <Label htmlFor={`${id}-padding`}>Digits</Label>
              <Input
                id={`${id}-padding`}
                name="seriesPadding"
                type="number"
                inputMode="numeric"
                min={0}
                max={9}
                value={draft.seriesPadding}
                onChange={(event) => onChange({ seriesPadding: event.target.value })}
                onBlur={() => onBlur('series')}
                aria-describedby={`${id}-series-hint`}
              />
            </Field>
          </Numbers>
          {errors.series && <FieldError id={`${id}-series-error`}>{errors.series}</FieldError>}
          <FieldHint id={`${id}-series-hint`}>
            {NUMBER_FIELD} in the text (and in the code&apos;s value) is where the number goes.
            Digits pads with zeros: 4 makes 7 into 0007. The quantity is how many labels the series
            has.
          </FieldHint>
        </Group>
      )}

      {draft.mode === 'rows' && (
        <SheetPanel
          draft={draft}
          error={errors.rows}
          codeColumnError={errors.codeColumn}
          onChange={onChange}
          check={check}
        />
      )}

      <Group data-testid="code-fields">
        <legend>Barcode or QR code</legend>
        <Stack>
          <Pair>
            <Field>
              <Label htmlFor={`${id}-code-type`}>Code</Label>
              <Select
                id={`${id}-code-type`}
                name="codeType"
                value={draft.codeType}
                onChange={(event) => setCode(event.target.value)}
                aria-describedby={`${id}-code-fee`}
              >
                <option value="none">No code</option>
                {CODE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {CODE_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
              <FieldHint id={`${id}-code-fee`}>{fee(CODE_SURCHARGE_CENTS)}</FieldHint>
            </Field>
            {draft.codeType !== 'none' && (
              <Field>
                <Label htmlFor={`${id}-placement`}>Placement</Label>
                <Select
                  id={`${id}-placement`}
                  name="codePlacement"
                  value={draft.codePlacement}
                  onChange={(event) =>
                    onChange({ codePlacement: event.target.value as LabelDraft['codePlacement'] })
                  }
                >
                  {CODE_PLACEMENTS.map((placement) => (
                    <option key={placement} value={placement}>
                      {CODE_PLACEMENT_LABELS[placement]}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
          </Pair>
          {draft.codeType !== 'none' && inverted && (
            <FieldHint data-testid="inverted-code-advice">{inverted}</FieldHint>
          )}
          {draft.codeType !== 'none' && draft.mode !== 'rows' && (
            <Field>
              <Label htmlFor={`${id}-code-value`}>The code encodes</Label>
              <Input
                id={`${id}-code-value`}
                name="codeValue"
                value={draft.codeValue}
                placeholder={
                  draft.mode === 'series' ? 'https://assets.example.com/t/{n}' : 'e.g. PUMP-1501'
                }
                spellCheck={false}
                autoCapitalize="off"
                onChange={(event) => onChange({ codeValue: event.target.value })}
                onBlur={() => onBlur('code')}
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={`${id}-code-hint${errors.code ? ` ${id}-code-error` : ''}`}
              />
              {errors.code && <FieldError id={`${id}-code-error`}>{errors.code}</FieldError>}
              <FieldHint id={`${id}-code-hint`}>
                {draft.mode === 'series'
                  ? `${NUMBER_FIELD} alone encodes the number; a URL such as https://assets.example.com/t/${NUMBER_FIELD} encodes a link to each tag.`
                  : 'A part number, an asset number or a web address.'}
              </FieldHint>
            </Field>
          )}
          {draft.codeType !== 'none' && draft.mode === 'rows' && (
            <FieldHint>Choose the column the code encodes above, with the text columns.</FieldHint>
          )}
        </Stack>
      </Group>
    </FormSection>
  );
}

interface SheetPanelProps {
  draft: LabelDraft;
  error?: string;
  codeColumnError?: string;
  onChange(patch: Partial<LabelDraft>): void;
  check: AssetTagsSectionProps['check'];
}

function SheetPanel({ draft, error, codeColumnError, onChange, check }: SheetPanelProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadSheet();
  const summary = useSheetPage(draft.sheet?.id ?? null, 0);
  const columns = summary.data?.columns ?? [];
  const uploadError = upload.isError
    ? (apiErrorMessage(upload.error) ?? 'The spreadsheet could not be uploaded. Please try again.')
    : undefined;

  function send(file: File | undefined) {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (answer) => {
        // A corrected file with the same columns keeps the shopper's choice of them.
        const sameColumns =
          summary.data && summary.data.columns.join('\u0000') === answer.columns.join('\u0000');
        onChange({
          sheet: { id: answer.id, originalName: answer.originalName, rowCount: answer.rowCount },
          ...(sameColumns
            ? {}
            : { textColumns: answer.columns.length > 0 ? [0] : [], codeColumn: null }),
        });
      },
    });
    if (input.current) input.current.value = '';
  }

  const toggleText = (column: number, on: boolean) => {
    const next = on
      ? [...draft.textColumns, column].sort((a, b) => a - b)
      : draft.textColumns.filter((c) => c !== column);
    onChange({ textColumns: next });
  };
  const columnName = (index: number) =>
    `${columnLetter(index)}${columns[index] ? `: ${columns[index]}` : ''}`;

  return (
    <Group data-testid="sheet-fields">
      <legend>Spreadsheet</legend>
      <Stack>
        <HiddenFile
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={SHEET_ACCEPT}
          // The buttons below open it; it is not a tab stop of its own.
          tabIndex={-1}
          aria-label="Spreadsheet of labels (CSV or Excel)"
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => send(event.target.files?.[0])}
          data-testid="sheet-file"
        />
        {draft.sheet ? (
          <SheetLine>
            <span>
              <strong>{draft.sheet.originalName}</strong>: {formatCount(draft.sheet.rowCount)} rows,
              one label each
            </span>
            <Button
              type="button"
              $variant="secondary"
              $size="sm"
              onClick={() => input.current?.click()}
              disabled={upload.isPending}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            >
              {upload.isPending ? 'Uploading…' : 'Upload a corrected file'}
            </Button>
          </SheetLine>
        ) : (
          <div>
            <Button
              type="button"
              $variant="secondary"
              onClick={() => input.current?.click()}
              disabled={upload.isPending}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-file-hint${error ? ` ${id}-error` : ''}`}
            >
              {upload.isPending ? 'Uploading…' : 'Upload CSV or Excel file'}
            </Button>
          </div>
        )}
        <FieldHint id={`${id}-file-hint`}>
          CSV or .xlsx, up to 10,000 rows and 5MB. The first row names the columns; each row after
          it is one label.
        </FieldHint>
        {uploadError && <FieldError role="alert">{uploadError}</FieldError>}
        {error && <FieldError id={`${id}-error`}>{error}</FieldError>}

        {draft.sheet && columns.length > 0 && (
          <>
            <Group>
              <legend>Text lines (up to {MAX_TEXT_COLUMNS} columns, in order)</legend>
              <Columns>
                {columns.map((_, index) => {
                  const checked = draft.textColumns.includes(index);
                  return (
                    <li key={index}>
                      <label>
                        <input
                          type="checkbox"
                          checked={checked}
                          disabled={!checked && draft.textColumns.length >= MAX_TEXT_COLUMNS}
                          onChange={(event) => toggleText(index, event.target.checked)}
                        />
                        {columnName(index)}
                      </label>
                    </li>
                  );
                })}
              </Columns>
            </Group>
            {draft.codeType !== 'none' && (
              <Field>
                <Label htmlFor={`${id}-code-column`}>Column the code encodes</Label>
                <Select
                  id={`${id}-code-column`}
                  value={draft.codeColumn === null ? '' : String(draft.codeColumn)}
                  aria-invalid={codeColumnError ? true : undefined}
                  aria-describedby={codeColumnError ? `${id}-code-column-error` : undefined}
                  onChange={(event) =>
                    onChange({
                      codeColumn: event.target.value === '' ? null : Number(event.target.value),
                    })
                  }
                >
                  <option value="">Choose a column</option>
                  {columns.map((_, index) => (
                    <option key={index} value={index}>
                      {columnName(index)}
                    </option>
                  ))}
                </Select>
                {codeColumnError && (
                  <FieldError id={`${id}-code-column-error`}>{codeColumnError}</FieldError>
                )}
              </Field>
            )}
            <SheetCheckResult check={check} rowCount={draft.sheet.rowCount} />
          </>
        )}
      </Stack>
    </Group>
  );
}

function SheetCheckResult({
  check,
  rowCount,
}: {
  check: AssetTagsSectionProps['check'];
  rowCount: number;
}) {
  const { data, checking, failed } = check;
  if (failed) {
    return (
      <FieldError role="alert">
        The rows could not be checked just now. Please try again.
      </FieldError>
    );
  }
  if (!data) {
    return <FieldHint role="status">{checking ? 'Checking every row…' : ''}</FieldHint>;
  }
  if (data.errorCount === 0) {
    return (
      <Ready role="status" data-testid="sheet-ready">
        All {formatCount(rowCount)} rows fit the label
        {checking ? ' (checking again…)' : ''}.
      </Ready>
    );
  }
  const more = data.errorCount - data.errors.length;
  return (
    <Problems role="alert" data-testid="sheet-errors" aria-busy={checking}>
      <h3>
        {data.errorCount === 1 ? '1 row needs' : `${formatCount(data.errorCount)} rows need`} fixing
      </h3>
      {/* It scrolls when long: focusable, so a keyboard can scroll it. */}
      <ol tabIndex={0} aria-label="Rows to fix">
        {data.errors.map(({ row, message }) => (
          // The server's message names its row ("Row 12: ...").
          <li key={row}>{message}</li>
        ))}
      </ol>
      {more > 0 && <p>And {formatCount(more)} more.</p>}
      <p>Correct the file and upload it again: nothing goes to the cart while a row is wrong.</p>
    </Problems>
  );
}
