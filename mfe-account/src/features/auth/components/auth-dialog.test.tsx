import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { cartQuery, cartQueryKey, queryClient, useShopStore } from 'shell/store';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';
import {
  TEST_USER,
  collectToasts,
  json,
  lastToast,
  sentBody,
  setupShopTests,
} from '@shop/ui/testing';
import { AuthDialog } from './auth-dialog';

const currentFetch = setupShopTests();

function renderDialog(tab: 'sign-in' | 'create-account' = 'sign-in') {
  const onOpenChange = vi.fn();
  render(<AuthDialog open tab={tab} onOpenChange={onOpenChange} />);
  return { onOpenChange, user: userEvent.setup() };
}

/**
 * The shell's header as far as these tests need it: Sign In, replaced by the account button (a
 * new element, as the shell's lazy account menu draws it, not Sign In relabelled).
 */
function HeaderAndDialog() {
  const user = useShopStore((s) => s.user);
  const [open, setOpen] = useState(false);
  return (
    <>
      <header>
        {user ? (
          <button key="account" type="button" data-account-menu="">
            {user.firstName}, account menu for {user.firstName} {user.lastName}
          </button>
        ) : (
          <button key="sign-in" type="button" onClick={() => setOpen(true)}>
            Sign In
          </button>
        )}
      </header>
      <AuthDialog open={open} tab="sign-in" onOpenChange={setOpen} />
    </>
  );
}

describe('AuthDialog: Sign In', () => {
  it('signed in from the keyboard, hands focus to the header’s account button that replaced Sign In', async () => {
    currentFetch().mockResolvedValueOnce(json(TEST_USER));
    useShopStore.getState().setUser(null);
    const user = userEvent.setup();
    render(<HeaderAndDialog />);
    screen.getByRole('button', { name: 'Sign In' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await user.keyboard('ann@example.com{Tab}secret1{Enter}');
    const account = await screen.findByRole('button', { name: /account menu for / });
    await waitFor(() => expect(account).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a named dialog with both tabs, focusing the email field first', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Create Account' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('from a tab, Tab goes straight to the form’s first field, the panel around it no stop of its own', async () => {
    const { user } = renderDialog();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    screen.getByRole('tab', { name: 'Sign In' }).focus();
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.click(screen.getByRole('tab', { name: 'Create Account' }));
    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    screen.getByRole('tab', { name: 'Create Account' }).focus();
    await user.tab();
    expect(firstName).toHaveFocus();
  });

  it('says what is wrong on each field, tied to the input, and sends nothing', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Please enter your password',
    );
    expect(email).toHaveFocus();
    expect(currentFetch()).not.toHaveBeenCalled();
  });

  it('asks for the email when none is typed, rather than call it invalid', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter your email address',
    );
    await user.click(screen.getByRole('tab', { name: 'Create Account' }));
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Please enter your email address',
    );
    expect(currentFetch()).not.toHaveBeenCalled();
  });

  it('signs in: sets the user, says Welcome back!, refreshes cart and orders, and closes', async () => {
    currentFetch().mockResolvedValueOnce(json(TEST_USER));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText('Email'), ' Ann@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/auth/login');
    expect(sentBody(currentFetch())).toEqual({ email: 'ann@example.com', password: 'secret1' });
    expect(useShopStore.getState().user).toEqual(TEST_USER);
    expect(lastToast()).toMatchObject({ title: 'Welcome back!' });
    await waitFor(() => {
      expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['cart'] }));
      expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['orders'] }));
    });
  });

  it('signed in on the configurator, whose cart query is off, the header’s count becomes the merged cart’s', async () => {
    const line = (id: string, quantity: number) => ({
      id,
      productConfig: {
        ...SAMPLE_PRODUCT_CONFIG,
        customText: id,
        series: null,
        code: null,
        rows: null,
      },
      files: [],
      quantity,
      unitPrice: 5.2,
      totalPrice: 5.2 * quantity,
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    const cart = (items: ReturnType<typeof line>[]) => {
      const total = items.reduce((sum, item) => sum + item.totalPrice, 0);
      return {
        items,
        itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
        subtotal: total,
        discount: null,
        tax: { region: null, amount: 0 },
        total,
      };
    };
    // The guest's cart, read once for the header's badge (as the shell reads it); no page
    // observes the cart query.
    const guestCart = cart([line('66aa00000000000000000001', 1)]);
    const merged = cart([guestCart.items[0]!, line('66aa00000000000000000002', 2)]);
    let signedIn = false;
    currentFetch().mockImplementation((url) => {
      if (String(url) !== '/api/auth/login')
        return Promise.resolve(json(signedIn ? merged : guestCart));
      signedIn = true;
      return Promise.resolve(json(TEST_USER));
    });
    await queryClient.fetchQuery(cartQuery);
    expect(useShopStore.getState().cart.itemCount).toBe(1);
    // The configurator's cart query, off while it edits no line.
    function ConfiguratorCartQuery() {
      useQuery({ ...cartQuery, enabled: false }, queryClient);
      return null;
    }
    render(<ConfiguratorCartQuery />);
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    await waitFor(() => expect(useShopStore.getState().cart.itemCount).toBe(3));
    expect(queryClient.getQueryData(cartQueryKey)).toMatchObject({ itemCount: 3 });
  });

  it('shows the server message under Login failed', async () => {
    currentFetch().mockResolvedValueOnce(json({ message: 'Invalid email or password' }, 401));
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Login failed',
        description: 'Invalid email or password',
        variant: 'destructive',
      }),
    );
    // Said in the dialog too, where a phone's toast or a screen reader kept in the dialog may miss it.
    expect(
      within(screen.getByRole('dialog', { name: 'Welcome back' })).getByRole('alert'),
    ).toHaveTextContent('Login failed: Invalid email or password');
    expect(useShopStore.getState().user).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('falls back to Invalid email or password when the server says nothing', async () => {
    currentFetch().mockResolvedValueOnce(
      new Response('', { status: 502, statusText: 'Bad Gateway' }),
    );
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Login failed',
        description: 'Invalid email or password',
      }),
    );
  });
});

describe('AuthDialog: Create Account', () => {
  it('opens on the tab asked for', () => {
    renderDialog('create-account');
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Create Account', selected: true })).toBeInTheDocument();
  });

  it('checks the fields: valid email, password of 6+, names; phone, company, address and ZIP optional, as on the account page', async () => {
    const { user } = renderDialog('create-account');
    await user.type(screen.getByLabelText('Email'), 'ann@');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'First name is required',
    );
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 6 characters. Password must be at least 6 characters long',
    );
    expect(screen.getByLabelText(/^Address/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Address/)).toHaveAccessibleDescription(
      'Street, city, state (e.g. 12 Main St, New York, NY) fills all three at checkout.',
    );
    expect(screen.getByLabelText(/^ZIP code/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/Phone/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/Company/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(currentFetch()).not.toHaveBeenCalled();
  });

  it('starts from the details it was opened with (a guest’s checkout), never a password', async () => {
    useShopStore.getState().openAuthDialog('create-account', {
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '555-0100',
      company: 'Acme',
      address: '1 Main St, New York, NY',
      zipCode: '10001',
    });
    render(<AuthDialog />);
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ann');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText(/^Address/)).toHaveValue('1 Main St, New York, NY');
    expect(screen.getByLabelText(/^ZIP code/)).toHaveValue('10001');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    // The password is what is left to give: it has the focus.
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('creates the account, signs in and says Account created!', async () => {
    currentFetch().mockResolvedValueOnce(json(TEST_USER, 201));
    const { user, onOpenChange } = renderDialog('create-account');
    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText(/^Address/), '1 Main St');
    await user.type(screen.getByLabelText(/^ZIP code/), '12345');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(currentFetch().mock.calls[0]?.[0]).toBe('/api/auth/register');
    expect(sentBody(currentFetch())).toEqual({
      email: 'ann@example.com',
      password: 'secret1',
      firstName: 'Ann',
      lastName: 'Lee',
      phone: null,
      company: null,
      address: '1 Main St',
      zipCode: '12345',
    });
    expect(useShopStore.getState().user).toEqual(TEST_USER);
    expect(lastToast()).toMatchObject({ title: 'Account created!' });
  });

  it('says Registration failed: Failed to create account, and a taken email by its field', async () => {
    const taken = 'An account with this email already exists';
    currentFetch().mockResolvedValueOnce(
      json({ message: taken, errors: [{ path: 'email', message: taken }] }, 409),
    );
    const { user } = renderDialog('create-account');
    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText(/^Address/), '1 Main St');
    await user.type(screen.getByLabelText(/^ZIP code/), '12345');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Registration failed',
        description: 'Failed to create account',
      }),
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining(taken),
    );
    expect(
      within(screen.getByRole('dialog', { name: 'Create your account' })).getByRole('alert'),
    ).toHaveTextContent('Registration failed: Failed to create account');

    // No answer at all: the same words.
    const raised = collectToasts();
    currentFetch().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(raised).toEqual([
        expect.objectContaining({
          title: 'Registration failed',
          description: 'Failed to create account',
        }),
      ]),
    );
  });
});

describe('AuthDialog: keyboard', () => {
  function Opener() {
    const open = useShopStore((s) => s.authDialog.open);
    const openAuthDialog = useShopStore((s) => s.openAuthDialog);
    const closeAuthDialog = useShopStore((s) => s.closeAuthDialog);
    return (
      <>
        <button type="button" onClick={() => openAuthDialog('sign-in')}>
          Account
        </button>
        <AuthDialog open={open} tab="sign-in" onOpenChange={(next) => !next && closeAuthDialog()} />
      </>
    );
  }

  it('closes with Escape and gives focus back to the control that opened it', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useShopStore.getState().authDialog.open).toBe(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus());
  });
  it('Forgot password? and Back to Sign In keep focus in the form they open, never on the dialog itself', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    await user.keyboard('ann@example.com');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus();
    await user.keyboard('{Enter}');
    // The reset form's one field, with the email already typed.
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveValue('ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    // Back where the shopper left: on the control that led away.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus(),
    );
  });
});
