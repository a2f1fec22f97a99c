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
