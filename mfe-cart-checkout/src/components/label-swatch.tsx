import styled from 'styled-components';
import { seriesLabel } from '@shop/contracts/asset-tag-terms';
import type { CartItem } from '../api/get-cart';
import { theme, colorSwatch } from '@shop/ui';

const Swatch = styled.div<{ $background: string; $text: string; $size: 'sm' | 'md' }>`
  display: grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => ($size === 'md' ? '5.5rem' : '3.25rem')};
  height: ${({ $size }) => ($size === 'md' ? '3.75rem' : '2.25rem')};
  padding: 0.25rem;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: 0.375rem;
  background: ${({ $background }) => $background};
  color: ${({ $text }) => $text};
  box-shadow: inset 0 0 0 2px rgb(255 255 255 / 0.15);
  overflow: hidden;
  span {
    max-width: 100%;
    overflow: hidden;
    font-size: ${({ $size }) => ($size === 'md' ? '0.6875rem' : '0.5rem')};
    font-weight: 700;
    letter-spacing: 0.04em;
    line-height: 1.15;
    text-align: center;
    text-overflow: ellipsis;
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    word-break: break-word;
  }
`;

/** The line a swatch pictures: its colours, its text, and its series when it has one. */
type SwatchLine = Pick<
  CartItem['productConfig'],
  'color' | 'customText' | 'series' | 'code' | 'rows'
>;

/**
 * What a line's swatch says, as it is engraved (its case kept): a series shows its first label (PUMP
 * 1501, not the template PUMP {n}), a spreadsheet its first row's (lines kept before the cart held
 * it: the file's name).
 */
function swatchText({ customText, series, code, rows }: SwatchLine): string {
  if (series) return seriesLabel({ customText, series, code: code ?? null }, 0).text;
  if (rows) return rows.firstLabel?.text || rows.originalName || 'Spreadsheet';
  return customText;
}

/**
 * A small picture of the label in its colours, with its text (none on a label engraved without
 * text); decorative: the details are in text.
 */
export function LabelSwatch({ line, size = 'md' }: { line: SwatchLine; size?: 'sm' | 'md' }) {
  const swatch = colorSwatch(line.color);
  return (
    <Swatch $background={swatch.background} $text={swatch.text} $size={size} aria-hidden="true">
      <span>{swatchText(line).trim()}</span>
    </Swatch>
  );
}
