import { describe, expect, it } from 'vitest';
import { hydratesHere } from './hydrates-here';
import { pageHtml } from './page-html';

const TEMPLATE =
  '<!doctype html><html><head><title>Shop</title><script defer src="/shell/main.js"></script></head><body><div id="root"></div></body></html>';

describe('pageHtml', () => {
  it('puts the title, the style tags and the markup (marked with its path) into the template', () => {
    const html = pageHtml(TEMPLATE, {
      title: 'Contact | Shop & Co',
      styles: '<style data-styled="true">.a{}</style>',
      body: '<main><h1>Contact Us</h1></main>',
      prerendered: '/contact',
    });
    expect(html).toBe(
      '<!doctype html><html><head><title>Contact | Shop &amp; Co</title><script defer src="/shell/main.js"></script><style data-styled="true">.a{}</style></head><body><div id="root" data-prerendered="/contact"><main><h1>Contact Us</h1></main></div></body></html>',
    );
  });

  it('keeps $ patterns in the markup as written', () => {
    const html = pageHtml(TEMPLATE, {
      title: 't',
      styles: '',
      body: '<p>$5.20 $&</p>',
      prerendered: '/',
    });
    expect(html).toContain('<p>$5.20 $&</p>');
  });

  it('refuses a template without a root to fill', () => {
    expect(() =>
      pageHtml('<html><head><title></title></head></html>', {
        title: 't',
        styles: '',
        body: '',
        prerendered: '/',
      }),
    ).toThrow('The page template has no <div id="root"></div>');
  });
});

describe('hydratesHere', () => {
  it('hydrates a page prerendered at this path, and the 404 page at any path', () => {
    expect(hydratesHere('/contact', '/contact')).toBe(true);
    expect(hydratesHere('/404', '/no-such-page')).toBe(true);
  });

  it("draws over a skeleton, another path's page and a page without prerendered markup", () => {
    expect(hydratesHere('skeleton', '/products')).toBe(false);
    expect(hydratesHere('/', '/contact')).toBe(false);
    expect(hydratesHere(undefined, '/')).toBe(false);
  });
});
