import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import './testing';
import { Table, TableHead, TableRegion } from './table';

function People({ names, narrow }: { names: string[]; narrow?: 'cards' }) {
  return (
    <TableRegion label="People" narrow={narrow}>
      <Table>
        <TableHead columns={['Name', 'Role']} actions />
        <tbody>
          {names.map((name) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>Engraver</td>
              <td className="actions">
                <button type="button">Delete {name}</button>
              </td>
            </tr>
          ))}
          <tr>
            <td colSpan={3}>End of the list</td>
          </tr>
        </tbody>
      </Table>
    </TableRegion>
  );
}

describe('TableRegion', () => {
  it('as cards when narrow: each cell named after its column, every part with its table role', () => {
    render(<People names={['Ada']} narrow="cards" />);
    const region = screen.getByRole('region', { name: 'People' });
    expect(region).toHaveAttribute('data-narrow', 'cards');
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Role', 'Actions']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveAttribute('data-label', 'Name');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Role', 'Actions']);
    // A cell across several columns belongs to none of them.
    expect(screen.getByText('End of the list')).not.toHaveAttribute('data-label');
  });

  it('names the cells of rows added later (the next page)', async () => {
    const { rerender } = render(<People names={['Ada']} narrow="cards" />);
    rerender(<People names={['Ada', 'Grace']} narrow="cards" />);
    await waitFor(() =>
      expect(screen.getByRole('rowheader', { name: 'Grace' })).toHaveAttribute(
        'data-label',
        'Name',
      ),
    );
  });

  it('scrolls sideways by default: the cells are left as they are', () => {
    render(<People names={['Ada']} />);
    expect(screen.getByRole('region', { name: 'People' })).toHaveAttribute('data-narrow', 'scroll');
    expect(screen.getByText('Engraver')).not.toHaveAttribute('data-label');
  });
});

describe('TableHead', () => {
  it('heads each column in order, figures right-aligned, and the actions column last', () => {
    render(
      <Table>
        <TableHead columns={['Code', { label: 'Used', numeric: true }]} actions />
      </Table>,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Code', 'Used', 'Actions']);
    expect(headers.map((header) => header.className)).toEqual(['', 'numeric', 'actions']);
  });

  it('has no actions column unless the rows end in actions', () => {
    render(
      <Table>
        <TableHead columns={['Quantity', 'Discount']} />
      </Table>,
    );
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  });
});
