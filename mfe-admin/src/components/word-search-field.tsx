import { TextField } from '@shop/ui';

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
    <TextField
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
