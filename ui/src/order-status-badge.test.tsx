import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { OrderStatusBadge } from './order-status-badge';

const background = (status: string) => {
  const { unmount } = render(<OrderStatusBadge status={status} />);
  const colour = getComputedStyle(
    screen.getByText(/./, { selector: `[data-status="${status}"]` }),
  ).backgroundColor;
  unmount();
  return colour;
};

describe('OrderStatusBadge', () => {
  it('shows processing yellow, shipped blue, completed green and any other status grey (docs/product.md section 4)', () => {
    const grey = background('some_future_status');
    expect(
      new Set([background('processing'), background('shipped'), background('completed'), grey])
        .size,
    ).toBe(4);
    expect(background('cancelled')).toBe(grey);
    expect(background('awaiting_proof')).toBe(grey);
    expect(background('pending_payment')).toBe(grey);
  });

  it('writes the status out, so colour is never the only signal', () => {
    render(<OrderStatusBadge status="awaiting_proof" />);
    expect(screen.getByText('Awaiting proof approval')).toBeInTheDocument();
  });
});
