import { render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import './testing';
import { parseQuantity, QuantityStepper } from './quantity-stepper';

/** The stepper links to the quote form, so it renders inside a router as it does in the apps. */
const render = (ui: ReactElement) => renderBare(<MemoryRouter>{ui}</MemoryRouter>);

describe('QuantityStepper', () => {
  it('in a form: a visible "Quantity" text field for digits, minus disabled at 1, plus asks for one more', async () => {
    const onStep = vi.fn();
    render(<QuantityStepper text="1" quantity={1} onTextChange={vi.fn()} onStep={onStep} />);
    const field = screen.getByRole('textbox', { name: 'Quantity' });
    expect(field).toHaveValue('1');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAccessibleDescription('Up to 10,000 per line. More? Ask for a quote');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(onStep).toHaveBeenCalledWith(2);
  });

  it('plus is disabled at 10,000, the most a line holds', () => {
    render(
      <QuantityStepper text="10000" quantity={10_000} onTextChange={vi.fn()} onStep={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  });

  it('Enter takes what was typed and never submits the form around it', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onEnter = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <QuantityStepper
          text="25"
          quantity={25}
          onTextChange={vi.fn()}
          onStep={vi.fn()}
          onEnter={onEnter}
        />
        <button type="submit">Add to Cart</button>
      </form>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Quantity' }), '{Enter}');
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reads a typed quantity by the rule the server checks', () => {
    expect(parseQuantity(' 25 ')).toEqual({ quantity: 25 });
    expect(parseQuantity('abc')).toEqual({ problem: 'Quantity must be a number' });
    expect(parseQuantity('')).toEqual({ problem: 'Quantity must be a number' });
    expect(parseQuantity('2.5')).toEqual({ problem: 'Quantity must be a whole number' });
    expect(parseQuantity('0')).toEqual({ problem: 'Quantity must be at least 1' });
    expect(parseQuantity('10001')).toEqual({
      problem: 'A line holds at most 10,000 labels. For more, ask us for a quote.',
    });
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
    expect(field).toHaveAccessibleDescription(
      'Quantity must be at least 1 Up to 10,000 per line. More? Ask for a quote',
    );
    expect(
      screen.getByRole('button', { name: 'Decrease quantity of Phenolic label' }),
    ).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Increase quantity of Phenolic label' }),
    ).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Quantity must be at least 1');
  });
});
