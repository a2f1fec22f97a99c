import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ColumnChart } from './charts';

const days = Array.from({ length: 30 }, (_, index) => ({
  key: `2026-11-${String(index + 1).padStart(2, '0')}`,
  label: `Nov ${index + 1}`,
  value: index * 10,
  valueText: `$${index * 10}`,
}));

describe('ColumnChart', () => {
  it('ends the last label at its bar’s right edge, inside the drawing, and keeps a whole step before it free', () => {
    const { container } = render(
      <ColumnChart title="Revenue by day" summary="" points={days} axisText={(v) => `$${v}`} />,
    );
    const svg = container.querySelector('svg')!;
    const labels = [...svg.querySelectorAll('text')].filter((text) =>
      text.textContent?.startsWith('Nov'),
    );
    const last = labels.at(-1)!;
    expect(last.textContent).toBe('Nov 30');
    expect(last.getAttribute('text-anchor')).toBe('end');
    const bars = [...svg.querySelectorAll('rect')];
    const lastBar = bars.at(-1)!;
    expect(Number(last.getAttribute('x'))).toBeCloseTo(
      Number(lastBar.getAttribute('x')) + Number(lastBar.getAttribute('width')),
    );
    // The others are centred under their bars, the one before the last a whole step away.
    const day = (label: Element) => Number(label.textContent!.replace('Nov ', ''));
    const before = labels.at(-2)!;
    expect(before.getAttribute('text-anchor')).toBe('middle');
    expect(day(last) - day(before)).toBeGreaterThanOrEqual(day(labels[1]!) - day(labels[0]!));
  });
});
