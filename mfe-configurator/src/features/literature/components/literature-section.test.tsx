import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LiteratureSection } from './literature-section';

afterEach(cleanup);

describe('LiteratureSection', () => {
  it('is collapsed until opened, then offers a safety data sheet per material', async () => {
    const user = userEvent.setup();
    render(<LiteratureSection />);
    const toggle = screen.getByRole('button', { name: 'Literature' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'PDFIndoor safety data sheetPDF download',
      'PDFPhenolic safety data sheetPDF download',
      'PDFUV-Resistant safety data sheetPDF download',
    ]);
    expect(screen.getByRole('link', { name: /Phenolic safety data sheet/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/literature/phenolic-sds.pdf`,
    );
  });
});
