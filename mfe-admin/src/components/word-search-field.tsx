import styled from 'styled-components';
import { FieldHint, TextField, visuallyHidden } from '@shop/ui';

/**
 * On a phone, once something is searched for, the hint leaves the screen to the orders or customers
 * found (it took two lines of the first screen above them); it stays the field's description, read
 * with it, and shows again when the field is emptied. Beside the other filters it always shows.
 */
const SearchField = styled(TextField)<{ $searching: boolean }>`
  @media (max-width: 719.98px) {
    ${FieldHint} {
      ${({ $searching }) => ($searching ? visuallyHidden : '')}
    }
  }
`;

/**
 * The admin's search box over names and emails (Orders, Customers): what it finds is said under it,
 * and a search too short to send is said as its error.
 */
export function WordSearchField({
  placeholder,
  error,
  value,
  onChange,
}: {
  placeholder: string;
  error?: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <SearchField
      $searching={value.trim() !== ''}
      label="Search"
      type="search"
      placeholder={placeholder}
      hint="Names and emails match from the start of a word: “jan” finds Jane and jan@…"
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
