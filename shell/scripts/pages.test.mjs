import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKnownPath, pageFor, pagesForContact, shopContact } from './pages.mjs';
import SHOP_IDENTITY_DEFAULTS from '@shop/contracts/shop-identity.json' with { type: 'json' };

describe('pageFor', () => {
  it('answers the prerendered pages and the routes whose skeleton draws their top with their own files', () => {
    expect(pageFor('/', 'production')).toEqual({ file: 'index.html', status: 200 });
    expect(pageFor('/contact', 'production')).toEqual({ file: 'contact/index.html', status: 200 });
    expect(pageFor('/products', 'production')).toEqual({
      file: 'products/index.html',
      status: 200,
    });
    expect(pageFor('/cart/', 'production')).toEqual({ file: 'cart/index.html', status: 200 });
    expect(pageFor('/checkout', 'production')).toEqual({
      file: 'checkout/index.html',
      status: 200,
    });
  });

  it('answers every other route with the skeleton, and a path with no route with the 404 page', () => {
    expect(pageFor('/orders/ORD-1', 'production')).toEqual({ file: 'skeleton.html', status: 200 });
    expect(pageFor('/confirmation/65a1', 'production')).toEqual({
      file: 'skeleton.html',
      status: 200,
    });
    expect(pageFor('/no-such-page', 'production')).toEqual({ file: '404.html', status: 404 });
    expect(pageFor('/cart/extra', 'production')).toEqual({ file: '404.html', status: 404 });
  });

  it('knows the debug routes outside production only, and paths in any letter case', () => {
    expect(isKnownPath('/debug-session', 'test')).toBe(true);
    expect(isKnownPath('/debug-session', 'production')).toBe(false);
    expect(isKnownPath('/Contact', 'production')).toBe(true);
    expect(isKnownPath('/orders//x', 'production')).toBe(false);
  });
});

describe('shopContact', () => {
  it('reads SHOP_NAME, SHOP_PHONE, SHOP_EMAIL, SHOP_HOURS and SHOP_ADDRESS, with the same defaults as the API (no address)', () => {
    expect(shopContact({})).toEqual({
      name: 'Engraved Labels',
      phone: '+1 (555) 010-4477',
      email: 'orders@engravedlabels.example',
      hours: 'Monday to Friday, 8:00 AM to 5:00 PM',
    });
    expect(shopContact({})).toEqual(SHOP_IDENTITY_DEFAULTS);
    expect(
      shopContact({ SHOP_NAME: 'Acme Engraving', SHOP_ADDRESS: '12 Harbor Road, Portland' }),
    ).toMatchObject({ name: 'Acme Engraving', address: '12 Harbor Road, Portland' });
    expect(shopContact({ SHOP_PHONE: '312 555 0100', SHOP_EMAIL: 'a@b.example' }).phone).toBe(
      '312 555 0100',
    );
  });
});

describe('pagesForContact', () => {
  /** A render bundle that writes the template and the phone number. */
  const load = async () => ({
    renderPages: async (template, pages, contact) =>
      pages.map((page) => ({ file: page.file, html: template + contact.phone })),
  });

  function dist(contact) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shell-pages-'));
    mkdirSync(path.join(dir, '.server'));
    writeFileSync(path.join(dir, '.server/template.html'), '<title>x</title>');
    writeFileSync(
      path.join(dir, 'prerendered.json'),
      JSON.stringify({ contact, template: '.server/template.html' }),
    );
    return dir;
  }

  it("uses the build's pages when they show the server's contact details", async () => {
    const contact = shopContact({});
    expect((await pagesForContact(dist(contact), contact, { log: () => {}, load })).size).toBe(0);
  });

  it('renders the pages again with the server’s details when the build showed others', async () => {
    const logged = [];
    const pages = await pagesForContact(
      dist(shopContact({})),
      shopContact({ SHOP_PHONE: '312 555 0100' }),
      { log: (line) => logged.push(line), load },
    );
    expect(pages.get('index.html')).toBe('<title>x</title>312 555 0100');
    expect(pages.get('404.html')).toBe('<title>x</title>312 555 0100');
    expect(logged).toHaveLength(1);
  });
});
