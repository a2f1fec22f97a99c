import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { EMPTY_CART } from '@shop/contracts';
import { apiRequest, readCart, useShopStore } from '../../store/session';
import { stubApi, json, renderPage, TEST_USER } from '@shop/ui/testing';
import { resetShell } from '../../testing/shell-config';
import { SiteHeader } from './site-header';

// The change-password dialog is the account remote's; here it only has to be asked for.
vi.mock('../../lib/remotes', () => ({
  loadRemoteComponent: vi.fn(async () => ({
    default: ({ open }: { open: boolean }) =>
      open ? <div role="dialog" aria-label="Change Password" /> : null,
  })),
}));

beforeEach(() => resetShell());

afterEach(() => vi.unstubAllGlobals());

/** The desktop navigation (jsdom applies no media queries, so it counts as hidden there). */
function mainNav() {
  const nav = screen.getAllByRole('navigation', { hidden: true })[0]!;
  expect(nav).toHaveAttribute('aria-label', 'Main');
  return nav;
}

describe('SiteHeader before the session is known (as prerendered)', () => {
  it('holds the account button and the cart badge without claiming a sign-in state or a count', () => {
    stubApi({ 'GET /api/cart': () => new Promise<Response>(() => {}) });
    renderPage(<SiteHeader />);
    expect(screen.getByRole('button', { name: 'Account' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('');
  });

  it('draws the menu button disabled until the app runs, then it opens the menu', async () => {
    stubApi({ 'GET /api/cart': () => new Promise<Response>(() => {}) });
    const page = () => (
      <MemoryRouter>
        <SiteHeader />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    try {
      const button = within(container).getByRole('button', { name: 'Open menu' });
      expect(button).toBeDisabled();

      const recoverable = vi.fn();
      await act(async () => {
        root = hydrateRoot(container, page(), { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(button).toBeEnabled();
      await userEvent.click(button);
      expect(within(container).getByRole('button', { name: 'Close menu' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });
});

describe('SiteHeader signed out', () => {
  beforeEach(() => {
    useShopStore.getState().setUser(null);
    stubApi({ 'GET /api/cart': () => json(EMPTY_CART) });
  });

  it('links Home, Products, Cart and Contact, without Orders', () => {
    renderPage(<SiteHeader />);
    const links = within(mainNav())
      .getAllByRole('link', { hidden: true })
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Products', '/products'],
      ['Cart', '/cart'],
      ['Contact', '/contact'],
    ]);
  });

  it('shows the cart count from the store once the cart is read, and follows it as remotes change it', async () => {
    renderPage(<SiteHeader />);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('');
    await act(() => readCart());
    // The count is of labels, as the cart's own page says ("Items (2 lines, 33 labels)").
    expect(await screen.findByRole('link', { name: 'Cart, empty' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('0');
    act(() => useShopStore.getState().setCart({ itemCount: 33, subtotal: 115.65, total: 115.65 }));
    expect(screen.getByRole('link', { name: 'Cart, 33 labels' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('33');
    act(() => useShopStore.getState().setCart({ itemCount: 1, subtotal: 5.2, total: 5.2 }));
    expect(screen.getByRole('link', { name: 'Cart, 1 label' })).toBeInTheDocument();
    act(() => useShopStore.getState().setCart({ itemCount: 1200, subtotal: 3000, total: 3000 }));
    expect(screen.getByRole('link', { name: 'Cart, 1,200 labels' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('99+');
  });

  it('opens the auth dialog on Sign In', async () => {
    renderPage(<SiteHeader />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useShopStore.getState().authDialog).toEqual({ open: true, tab: 'sign-in' });
  });
});

describe('SiteHeader signed in', () => {
  it('adds Orders to the links', () => {
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<SiteHeader />);
    expect(within(mainNav()).getByRole('link', { name: 'Orders', hidden: true })).toHaveAttribute(
      'href',
      '/orders',
    );
  });

  it('offers My Account, Order History, Change Password and Sign Out, but not Admin Panel to a customer', async () => {
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<SiteHeader />);
    await userEvent.click(
      await screen.findByRole('button', { name: /account menu for Ann Lee$/i }),
    );
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['My Account', 'Order History', 'Change Password', 'Sign Out']);
  });

  it('goes to /account from My Account', async () => {
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<SiteHeader />);
    await userEvent.click(
      await screen.findByRole('button', { name: /account menu for Ann Lee$/i }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'My Account' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
  });

  it('offers Admin Panel to an admin, and goes there', async () => {
    useShopStore.getState().setUser({ ...TEST_USER, isAdmin: true });
    renderPage(<SiteHeader />);
    await userEvent.click(
      await screen.findByRole('button', { name: /account menu for Ann Lee$/i }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Admin Panel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });

  it('goes to /orders from Order History', async () => {
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<SiteHeader />);
    await userEvent.click(
      await screen.findByRole('button', { name: /account menu for Ann Lee$/i }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Order History' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/orders');
  });

  it("opens the account remote's Change Password dialog", async () => {
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<SiteHeader />);
    await userEvent.click(
      await screen.findByRole('button', { name: /account menu for Ann Lee$/i }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('signs out: POST /api/auth/logout, then the store has no user and Orders goes away', async () => {
    const calls: string[] = [];
    stubApi({
      'POST /api/auth/logout': () => {
        calls.push('logout');
        return new Response(null, { status: 204 });
      },
      'GET /api/cart': () => json({ items: [], itemCount: 0, subtotal: 0, total: 0 }),
    });
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<SiteHeader />);
    await userEvent.click(
      await screen.findByRole('button', { name: /account menu for Ann Lee$/i }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(useShopStore.getState().user).toBeNull());
    expect(calls).toEqual(['logout']);
    expect(within(mainNav()).queryByRole('link', { name: 'Orders', hidden: true })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('offers Sign In again once a 401 shows the session ended elsewhere (the password changed in another browser)', async () => {
    stubApi({
      'GET /api/orders': { status: 401, json: { message: 'Please sign in' } },
      'GET /api/auth/me': { json: null },
      'GET /api/cart': () => json(EMPTY_CART),
    });
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<SiteHeader />);
    expect(await screen.findByRole('button', { name: /account menu for Ann Lee$/i })).toBeVisible();
    await act(() => expect(apiRequest('/api/orders')).rejects.toMatchObject({ status: 401 }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /account menu/i })).toBeNull();
  });

  it('keeps the user and says so when sign out fails', async () => {
    stubApi({ 'POST /api/auth/logout': () => new Response('boom', { status: 500 }) });
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<SiteHeader />);
    await userEvent.click(
      await screen.findByRole('button', { name: /account menu for Ann Lee$/i }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() =>
      expect(useShopStore.getState().toasts[0]).toMatchObject({
        title: 'Sign out failed',
        variant: 'destructive',
      }),
    );
    expect(useShopStore.getState().user).toEqual(TEST_USER);
  });
});

describe('mobile menu', () => {
  it('opens and closes by its button, says whether it is open, and closes on Escape with focus back on the button', async () => {
    renderPage(<SiteHeader />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-menu')).not.toBeVisible();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Close menu');
    expect(document.getElementById('mobile-menu')).toBeVisible();

    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('works from the keyboard and closes when a link is followed', async () => {
    renderPage(<SiteHeader />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = document.getElementById('mobile-menu')!;
    expect(menu).toBeVisible();
    await userEvent.click(within(menu).getByRole('link', { name: 'Contact' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contact');
    expect(menu).not.toBeVisible();
  });
});
