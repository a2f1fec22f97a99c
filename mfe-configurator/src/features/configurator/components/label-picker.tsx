import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Input, theme } from '@shop/ui';
import { formatCount } from '@shop/contracts/money';
import {
  sheetRowIndex,
  sheetRowNumber,
  type SheetRowStarts,
} from '@shop/contracts/asset-tag-terms';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  label {
    font-size: 0.9rem;
    color: ${theme.colors.muted};
  }
  input {
    width: 6.5rem;
  }
`;

const Of = styled.span`
  font-size: 0.9rem;
  color: ${theme.colors.muted};
  font-variant-numeric: tabular-nums;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
`;

interface LabelPickerProps {
  /** How many labels the line has (a series' length or a sheet's rows). */
  count: number;
  /** The label shown, 0-based. */
  index: number;
  onPick(index: number): void;
  /** "Label" for a series, "Row" shows a sheet's row number instead (its row in the file). */
  kind: 'series' | 'rows';
  /** A sheet's rows (blank ones left out keep the next rows' numbers); rows 2 on without them. */
  rowStarts?: SheetRowStarts;
}

/** Which label of a series or a sheet the preview draws: first, last, or any one typed. */
export function LabelPicker({ count, index, onPick, kind, rowStarts = [] }: LabelPickerProps) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const last = Math.max(count - 1, 0);
  const clamped = Math.min(Math.max(index, 0), last);
  // Rows are named by their row in the file, as the row check names them: row 1 is the header, and
  // blank rows are no labels (the row after one keeps its number).
  const numberOf = (at: number) => (kind === 'rows' ? sheetRowNumber(rowStarts, at) : at + 1);
  const shown = numberOf(clamped);
  const firstShown = numberOf(0);
  const lastShown = numberOf(last);
  const pick = (next: number) => {
    setTyped(null);
    onPick(Math.min(Math.max(next, 0), last));
  };
  const commit = () => {
    if (typed === null) return;
    const number = Number.parseInt(typed, 10);
    if (Number.isFinite(number)) {
      pick(kind === 'rows' ? sheetRowIndex(rowStarts, count, number) : number - 1);
    }
    setTyped(null);
  };
  return (
    <Bar role="group" aria-label="Label shown in the preview" data-testid="label-picker">
      <label htmlFor={`${id}-n`}>{kind === 'rows' ? 'Row' : 'Label'}</label>
      <Input
        id={`${id}-n`}
        type="number"
        inputMode="numeric"
        min={firstShown}
        max={lastShown}
        value={typed ?? String(shown)}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        aria-describedby={`${id}-of`}
      />
      <Of id={`${id}-of`}>
        {kind === 'rows'
          ? `of rows ${firstShown}–${formatCount(lastShown)}`
          : `of ${formatCount(count)}`}
      </Of>
      <Buttons>
        <Button
          type="button"
          $variant="secondary"
          $size="sm"
          onClick={() => pick(0)}
          disabled={clamped === 0}
        >
          First
        </Button>
        <Button
          type="button"
          $variant="secondary"
          $size="sm"
          onClick={() => pick(clamped - 1)}
          disabled={clamped === 0}
          aria-label="Previous label"
        >
          ‹ Prev
        </Button>
        <Button
          type="button"
          $variant="secondary"
          $size="sm"
          onClick={() => pick(clamped + 1)}
          disabled={clamped === last}
          aria-label="Next label"
        >
          Next ›
        </Button>
        <Button
          type="button"
          $variant="secondary"
          $size="sm"
          onClick={() => pick(last)}
          disabled={clamped === last}
        >
          Last
        </Button>
      </Buttons>
    </Bar>
  );
}
