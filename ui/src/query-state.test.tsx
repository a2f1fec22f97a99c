import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import './testing';
import { QueryState } from './query-state';

function renderState(query: {
  isPending: boolean;
  isError: boolean;
  data: string[] | undefined;
  refetch: () => unknown;
}) {
  return render(
    <QueryState
      query={query}
      loading="Loading codes…"
      failed="Could not load codes"
      isEmpty={(list) => list.length === 0}
      empty={<h3>No codes yet</h3>}
    >
      {(list) => (
        <ul aria-label="Codes">
          {list.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('announces loading as a status', () => {
    renderState({ isPending: true, isError: false, data: undefined, refetch: vi.fn() });
    expect(screen.getByRole('status')).toHaveTextContent('Loading codes…');
  });

  it('shows a failure as an alert whose button loads again', async () => {
    const refetch = vi.fn();
    renderState({ isPending: false, isError: true, data: undefined, refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load codes');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty message instead of an empty list', () => {
    renderState({ isPending: false, isError: false, data: [], refetch: vi.fn() });
    expect(screen.getByRole('heading', { name: 'No codes yet' })).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders the list from the loaded data', () => {
    renderState({ isPending: false, isError: false, data: ['SAVE10'], refetch: vi.fn() });
    expect(screen.getByRole('list', { name: 'Codes' })).toHaveTextContent('SAVE10');
  });
});
