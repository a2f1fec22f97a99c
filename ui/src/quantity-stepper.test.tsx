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

  it('on a cart line: named after the item, buttons off while busy, the error announced', async () => {
    const onStep = vi.fn();
    render(
      <QuantityStepper
        text="0"
        quantity={3}
        itemName="Phenolic label"
        busy
        onTextChange={vi.fn()}
        onStep={onStep}
        error="Quantity must be at least 1"
        announceError
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Quantity of Phenolic label' });
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription(
      'Quantity must be at least 1 Up to 10,000 per line. More? Ask for a quote',
    );
    // Off without leaving the keyboard's focus: aria-disabled, and a press does nothing.
    const plus = screen.getByRole('button', { name: 'Increase quantity of Phenolic label' });
    expect(
      screen.getByRole('button', { name: 'Decrease quantity of Phenolic label' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    plus.focus();
    await userEvent.keyboard('{Enter}');
    expect(onStep).not.toHaveBeenCalled();
    expect(plus).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Quantity must be at least 1');
  });

  it('keeps the focus on a button pressed while its save is under way, and on the field when minus reaches 1', async () => {
    const onStep = vi.fn();
    const props = { text: '2', quantity: 2, onTextChange: vi.fn(), onStep, itemName: 'Tag' };
    const { rerender } = render(<QuantityStepper {...props} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity of Tag' });
    plus.focus();
    await userEvent.keyboard('{Enter}');
    expect(onStep).toHaveBeenLastCalledWith(3);
    rerender(
      <MemoryRouter>
        <QuantityStepper {...props} busy />
      </MemoryRouter>,
    );
    expect(plus).toHaveFocus();
    rerender(
      <MemoryRouter>
        <QuantityStepper {...props} text="3" quantity={3} />
      </MemoryRouter>,
    );
    await userEvent.keyboard('{Enter}');
    expect(onStep).toHaveBeenLastCalledWith(4);
    rerender(
      <MemoryRouter>
        <QuantityStepper {...props} />
      </MemoryRouter>,
    );
    const minus = screen.getByRole('button', { name: 'Decrease quantity of Tag' });
    minus.focus();
    await userEvent.keyboard('{Enter}');
    expect(onStep).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('textbox', { name: 'Quantity of Tag' })).toHaveFocus();
  });
});
