import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { BreakableEmail } from './breakable-email';

function markup(email: string) {
  const { container } = render(<BreakableEmail email={email} />);
  return { html: container.innerHTML, text: container.textContent };
}

describe('BreakableEmail', () => {
  it('offers a line break after the @ and before each dot, nowhere else', () => {
    expect(markup('walker2-375-1796215859476@example.com')).toEqual({
      html: 'walker2-375-1796215859476@<wbr>example<wbr>.com',
      text: 'walker2-375-1796215859476@example.com',
    });
    expect(markup('jane.doe@mail.example.co.uk').html).toBe(
      'jane<wbr>.doe@<wbr>mail<wbr>.example<wbr>.co<wbr>.uk',
    );
  });

  it('draws an address without an @ or a dot as it is', () => {
    expect(markup('orders').html).toBe('orders');
    expect(markup('').html).toBe('');
  });
});
