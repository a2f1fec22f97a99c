import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.innerHTML = '';
});

describe('the footer of a prerendered page', () => {
  it("shows the build's year in the HTML, hydrates without a mismatch, then shows this year", async () => {
    // A page built last year, opened now.
    const buildYear = new Date().getFullYear() - 1;
    vi.stubGlobal('__BUILD_YEAR__', buildYear);
    vi.resetModules();
    // Fresh modules, so the year's module reads the stubbed build year.
    (await import('../../testing/shell-config')).resetShell();
    const { SiteFooter } = await import('./site-footer');
    const page = () => (
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    );
    const html = renderToString(page());
    expect(html.replace(/<!-- -->/g, '')).toContain(`© ${buildYear} Engraved Labels`);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, page(), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toContain(`© ${buildYear + 1} Engraved Labels`);
  });
});

describe('the shop the footer names', () => {
  it('is the configured shop, with its address when one is set', async () => {
    const { resetShell, TEST_CONFIG } = await import('../../testing/shell-config');
    resetShell({
      ...TEST_CONFIG,
      contact: { ...TEST_CONFIG.contact, name: 'Acme Engraving', address: '12 Harbor Road' },
    });
    const { SiteFooter } = await import('./site-footer');
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(container.textContent).toContain('Acme Engraving');
    expect(container.textContent).toContain('12 Harbor Road');
    expect(container.textContent).not.toContain('Engraved Labels');
  });
});
