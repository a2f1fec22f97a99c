import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderPage, stubApi } from '@shop/ui/testing';
import { sheetRowStarts } from '@shop/contracts/asset-tag-terms';
import ConfiguratorPage from './configurator-page';
import { freshShopForEachTest } from '../testing/configurator-page';

// The configurator's asset tags: a numbered series and one label per spreadsheet row.
vi.setConfig({ testTimeout: 30_000 });

const SHEET_ID = 'b'.repeat(24);
const PRICE = { unitPrice: 3.5, subtotal: 1750, total: 1750, area: 4.5 };

freshShopForEachTest();

async function open() {
  const user = userEvent.setup({ delay: null });
  renderPage(<ConfiguratorPage />, { path: '/products' });
  await user.click(screen.getByRole('radio', { name: /Phenolic/ }));
  return user;
}

const previewText = () =>
  within(screen.getByTestId('label-preview')).getByTestId('label-preview-text');

describe('a numbered series', () => {
  it('puts {n} in the text, previews the first, the last and a picked label, and prices the whole series', async () => {
    const calls = stubApi({ 'POST /api/calculate-price': () => json(PRICE) });
    const user = await open();
    await user.type(screen.getByLabelText('Text to engrave'), 'PUMP');
    await user.click(screen.getByRole('radio', { name: /Numbered series/ }));
    expect(screen.getByLabelText('Text to engrave')).toHaveValue('PUMP {n}');
    const start = screen.getByLabelText('First number');
    await user.clear(start);
    await user.type(start, '1501');
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '500');

    expect(previewText()).toHaveTextContent('PUMP 1501');
    await user.click(screen.getByRole('button', { name: 'Last' }));
    expect(previewText()).toHaveTextContent('PUMP 2000');
    const picked = within(screen.getByTestId('label-picker')).getByLabelText('Label');
    await user.clear(picked);
    await user.type(picked, '10{Enter}');
    expect(previewText()).toHaveTextContent('PUMP 1510');
    expect(screen.getByTestId('summary-series')).toHaveTextContent('PUMP 1501 to PUMP 2000');

    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST /api/calculate-price').at(-1)?.body).toMatchObject(
        { customText: 'PUMP {n}', quantity: 500, series: { start: 1501, step: 1, padding: 0 } },
      ),
    );
  });

  it('takes {n} out of the text and the code when the label is no longer a series, and puts it back after', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE) });
    const user = await open();
    await user.type(screen.getByLabelText('Text to engrave'), 'PUMP');
    await user.click(screen.getByRole('radio', { name: /Numbered series/ }));
    await user.selectOptions(screen.getByLabelText('Code'), 'code128');
    const encodes = () => screen.getByLabelText('The code encodes');
    expect(encodes()).toHaveValue('{n}');
    await user.clear(encodes());
    await user.type(encodes(), 'https://assets.example.com/t/{{n}');
    await user.click(screen.getByRole('radio', { name: /All the same/ }));
    expect(screen.getByLabelText('Text to engrave')).toHaveValue('PUMP');
    expect(encodes()).toHaveValue('https://assets.example.com/t/');
    await user.click(screen.getByRole('radio', { name: /Numbered series/ }));
    expect(screen.getByLabelText('Text to engrave')).toHaveValue('PUMP {n}');
    expect(encodes()).toHaveValue('https://assets.example.com/t/{n}');
  });

  it('warns of the label whose text is set smallest, whichever label the preview draws', async () => {
    stubApi({ 'POST /api/calculate-price': () => json(PRICE) });
    const user = await open();
    const width = screen.getByLabelText('Width (inches)');
    const height = screen.getByLabelText('Height (inches)');
    await user.clear(width);
    await user.type(width, '1.53');
    await user.clear(height);
    await user.type(height, '0.75');
    await user.type(screen.getByLabelText('Text to engrave'), 'EQUIPMENT');
    await user.click(screen.getByRole('radio', { name: /Numbered series/ }));
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '11');

    // "EQUIPMENT 1" and "EQUIPMENT 11" fit; "EQUIPMENT 10" is set under the smallest we engrave.
    expect(previewText()).toHaveTextContent('EQUIPMENT 1');
    expect(screen.getByTestId('custom-text-too-small')).toHaveTextContent(
      /^Text too small to engrave legibly on label 10 \(“EQUIPMENT 10”\): capital letters would be 0\.12\d″ high, the minimum is 0\.125″\./,
    );
    await user.click(screen.getByRole('button', { name: 'Last' }));
    expect(previewText()).toHaveTextContent('EQUIPMENT 11');
    expect(screen.getByTestId('custom-text-too-small')).toHaveTextContent(/on label 10 /);
    await user.clear(quantity);
    await user.type(quantity, '9');
    expect(screen.queryByTestId('custom-text-too-small')).not.toBeInTheDocument();
  });
});

/**
 * The API of a sheet "valves.csv" (columns Tag and Name) with these rows (on rows 2 on, or at these
 * row numbers), and its check's errors.
 */
function stubSheet(
  cells: string[][],
  errors: Array<{ row: number; message: string }>,
  rowNumbers = cells.map((_, index) => index + 2),
) {
  const page = {
    id: SHEET_ID,
    originalName: 'valves.csv',
    columns: ['Tag', 'Name'],
    rowCount: cells.length,
    from: 0,
    rows: cells.map((row, index) => ({ row: rowNumbers[index]!, cells: row })),
    rowStarts: sheetRowStarts(rowNumbers),
  };
  return stubApi({
    'POST /api/calculate-price': () => json(PRICE),
    'POST /api/label-sheets': () => json(page, 201),
    [`GET /api/label-sheets/${SHEET_ID}`]: () => json(page),
    [`POST /api/label-sheets/${SHEET_ID}/check`]: () =>
      json({ rowCount: cells.length, errorCount: errors.length, errors }),
  });
}

describe('one label per spreadsheet row', () => {
  it('lists the rows the server found wrong and sends nothing to the cart', async () => {
    const calls = stubSheet(
      [
        ['V-1', 'Valve 1'],
        ['V-1', 'Valve 2'],
        ['V-3', 'Valve 3'],
      ],
      [{ row: 3, message: 'Row 3: "V-1" is also in row 2: each tag must be unique' }],
    );
    const user = await open();
    await user.click(screen.getByRole('radio', { name: /One per spreadsheet row/ }));
    expect(screen.queryByLabelText('Text to engrave')).not.toBeInTheDocument();
    await user.upload(
      screen.getByTestId('sheet-file'),
      new File(['Tag,Name\n'], 'valves.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText(/3 rows, one label each/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('B: Name'));
    expect(await screen.findByTestId('sheet-errors')).toHaveTextContent(
      'Row 3: "V-1" is also in row 2',
    );
    expect(screen.getByTestId('fixed-quantity')).toHaveTextContent('3');
    // More labels means more rows: there is no quantity to raise.
    expect(screen.getByTestId('quantity-nudge')).toHaveTextContent(
      /^Add 7 more rows to your spreadsheet \(10 in total\) to save 5% on every label/,
    );
    await waitFor(() => expect(previewText()).toHaveTextContent('V-1Valve 1'));

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    // Said under the spreadsheet and by the button (on a phone the list is screens away), and the
    // focus goes to the spreadsheet's upload.
    expect(screen.getAllByText('Correct the rows listed and upload the file again.')).toHaveLength(
      2,
    );
    expect(
      screen
        .getAllByRole('alert')
        .some(
          (alert) => alert.textContent === 'Correct the rows listed and upload the file again.',
        ),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Upload a corrected file' })).toHaveFocus();
    expect(calls.some((c) => c.key === 'POST /api/cart')).toBe(false);
  });

  it('names the previewed row as the spreadsheet and the row check do, blank rows left out', async () => {
    // Rows 3 and 4 of the file are blank: the labels are rows 2, 5 and 6.
    stubSheet(
      [
        ['V-2', 'Valve 2'],
        ['V-5', 'Valve 5'],
        ['V-6', 'Valve 6'],
      ],
      [],
      [2, 5, 6],
    );
    const user = await open();
    await user.click(screen.getByRole('radio', { name: /One per spreadsheet row/ }));
    await user.upload(
      screen.getByTestId('sheet-file'),
      new File(['Tag,Name\n'], 'valves.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText(/3 rows, one label each/)).toBeInTheDocument();
    const picker = screen.getByTestId('label-picker');
    const row = within(picker).getByLabelText('Row');
    await waitFor(() => expect(picker).toHaveTextContent('of rows 2–6'));
    await user.clear(row);
    await user.type(row, '5{Enter}');
    await waitFor(() => expect(previewText()).toHaveTextContent('V-5'));
    expect(row).toHaveValue(5);
    await user.click(within(picker).getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(previewText()).toHaveTextContent('V-6'));
    expect(row).toHaveValue(6);
    // A blank row holds no label: the next row's is shown.
    await user.clear(row);
    await user.type(row, '3{Enter}');
    await waitFor(() => expect(previewText()).toHaveTextContent('V-5'));
    expect(row).toHaveValue(5);
  });

  it('asks for the code’s column at its own select, and Add to Cart takes the focus there', async () => {
    const calls = stubSheet([['V-1', 'Valve 1']], []);
    const user = await open();
    await user.click(screen.getByRole('radio', { name: /One per spreadsheet row/ }));
    await user.upload(
      screen.getByTestId('sheet-file'),
      new File(['Tag,Name\n'], 'valves.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText(/1 rows?, one label each/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Code'), 'code128');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const column = screen.getByLabelText('Column the code encodes');
    expect(column).toHaveFocus();
    expect(column).toHaveAccessibleDescription('Choose the column the code encodes');
    expect(screen.getByRole('button', { name: 'Upload a corrected file' })).not.toHaveAttribute(
      'aria-invalid',
    );
    expect(calls.some((c) => c.key === 'POST /api/cart')).toBe(false);
  });
});
