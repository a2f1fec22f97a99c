import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { LineName, lineName } from './line-name';

describe('LineName', () => {
  it('writes the words lineName gives, its size kept on one line', () => {
    const line = { material: 'phenolic', width: 3, height: 1 };
    const { container } = render(<LineName {...line} />);
    expect(lineName(line)).toBe('Phenolic label, 3″ × 1″');
    expect(container.textContent).toBe(lineName(line));
    const size = container.querySelector('span')!;
    expect(size.textContent).toBe('3″ × 1″');
    expect(getComputedStyle(size).whiteSpace).toBe('nowrap');
  });
});
