import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import './testing';
import { QuantityStepper } from './quantity-stepper';

describe('QuantityStepper', () => {
  it('in a form: a visible "Quantity" spin button, minus disabled at 1, plus asks for one more', async () => {
    const onStep = vi.fn();
    render(
      <QuantityStepper
        type="number"
        text="1"
        quantity={1}
        onTextChange={vi.fn()}
        onStep={onStep}
      />,
    );
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(onStep).toHaveBeenCalledWith(2);
  });

  it('on a cart line: named after the item, buttons off while busy, the error announced', () => {
    render(
      <QuantityStepper
        text="0"
        quantity={3}
        itemName="Phenolic label"
        busy
        onTextChange={vi.fn()}
        onStep={vi.fn()}
        error="Quantity must be at least 1"
        announceError
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Quantity of Phenolic label' });
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription('Quantity must be at least 1');
    expect(
      screen.getByRole('button', { name: 'Decrease quantity of Phenolic label' }),
    ).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Increase quantity of Phenolic label' }),
    ).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Quantity must be at least 1');
  });
});
