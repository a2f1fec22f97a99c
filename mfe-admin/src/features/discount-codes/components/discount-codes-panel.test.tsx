import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DiscountCode } from '@shop/contracts/discounts';
import { dayIn } from '@shop/contracts/time-zone';
import { queryClient, useShopStore } from 'shell/store';
import {
  json,
  lastToast,
  openedDialog,
  renderPage,
  sentBody,
  setupShopTests,
  TEST_USER,
} from '@shop/ui/testing';
import { adminStatusQueryKey } from '../../../lib/admin-query-key';
import { DiscountCodesPanel } from './discount-codes-panel';

const currentFetch = setupShopTests();

const spring: DiscountCode = {
  id: 'd1',
  code: 'SPRING-10',
  type: 'percentage',
  value: 10,
  minimumOrder: 25,
  usageLimit: 100,
  timesUsed: 3,
  expiresAt: null,
  expiresOn: null,
  isActive: true,
  description: 'Spring sale',
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
};

async function openAddDialog() {
  const user = userEvent.setup({ delay: null });
  renderPage(<DiscountCodesPanel />);
  await screen.findByRole('heading', { name: 'No discount codes yet' });
  await user.click(screen.getByRole('button', { name: 'Add Discount Code' }));
  const dialog = await openedDialog('Add Discount Code');
  return { user, dialog };
}

describe('Discount codes', () => {
  it('lists the codes with their discount, usage, expiry and status', async () => {
    currentFetch().mockResolvedValueOnce(
      json([
        spring,
        {
          ...spring,
          id: 'd2',
          code: 'OLD5',
          type: 'fixed',
          value: 5,
          usageLimit: null,
          isActive: false,
          description: '',
        },
      ]),
    );
    renderPage(<DiscountCodesPanel />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('SPRING-10');
    expect(rows[1]).toHaveTextContent('10% off');
    expect(rows[1]).toHaveTextContent('$25.00');
    expect(rows[1]).toHaveTextContent('3 / 100');
    expect(rows[1]).toHaveTextContent('Never');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[2]).toHaveTextContent('$5.00 off');
    expect(rows[2]).toHaveTextContent('Inactive');
    expect(screen.getByRole('button', { name: 'Edit SPRING-10' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete OLD5' })).toBeInTheDocument();
  });

  it('upper-cases the code as it is typed and checks every field with the spec messages', async () => {
    currentFetch().mockResolvedValueOnce(json([]));
    const { user, dialog } = await openAddDialog();
    const code = within(dialog).getByLabelText('Code');
    await user.type(code, 'summer sale!');
    expect(code).toHaveValue('SUMMER SALE!');
    await user.type(within(dialog).getByLabelText('Usage limit (optional)'), '0');
    await user.click(within(dialog).getByLabelText(/Description/));
    await user.paste('x'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: 'Create Discount' }));

    expect(code).toHaveAccessibleDescription(
      expect.stringContaining(
        'Code must contain only uppercase letters, numbers, hyphens, and underscores',
      ),
    );
    expect(within(dialog).getByLabelText('Value (%)')).toHaveAccessibleDescription(
      expect.stringContaining('Value is required'),
    );
    expect(within(dialog).getByLabelText('Usage limit (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Usage limit must be at least 1'),
    );
    expect(within(dialog).getByLabelText(/Description/)).toHaveAccessibleDescription(
      expect.stringContaining('Description must be at most 200 characters'),
    );
    expect(code).toHaveFocus();
    expect(currentFetch()).toHaveBeenCalledTimes(1);
  });

  it("says the expiry day ends in the shop's time zone (the API's), not UTC", async () => {
    currentFetch().mockResolvedValueOnce(json([]));
    const { dialog } = await openAddDialog();
    const expiry = within(dialog).getByLabelText('Expires on (optional)');
    expect(expiry).toHaveAccessibleDescription(
      expect.stringContaining(
        "Usable through the end of this day in the shop's time zone. Blank never expires.",
      ),
    );
    expect(expiry).not.toHaveAccessibleDescription(expect.stringContaining('UTC'));
  });

  it("names the shop's time zone, as the admin status told it", async () => {
    useShopStore.getState().setUser(TEST_USER);
    queryClient.setQueryData(adminStatusQueryKey(TEST_USER.id), {
      isAdmin: true,
      timeZone: 'America/Chicago',
    });
    currentFetch().mockResolvedValueOnce(json([]));
    const { dialog } = await openAddDialog();
    expect(within(dialog).getByLabelText('Expires on (optional)')).toHaveAccessibleDescription(
      expect.stringContaining(
        "Usable through the end of this day in the shop's time zone (America/Chicago).",
      ),
    );
  });

  it('refuses an expiry day that is already over, on its field, before sending', async () => {
    currentFetch().mockResolvedValueOnce(json([]));
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Code'), 'SPRING10');
    await user.type(within(dialog).getByLabelText('Value (%)'), '10');
    const expiry = within(dialog).getByLabelText('Expires on (optional)');
    await user.type(expiry, '2020-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create Discount' }));

    expect(expiry).toHaveAccessibleDescription(
      expect.stringContaining('Expiry must be today or later'),
    );
    expect(expiry).toHaveFocus();
    expect(currentFetch()).toHaveBeenCalledTimes(1);
    expect(lastToast()).toBeUndefined();
  });

  it("accepts today, the shop's today, as the last day", async () => {
    useShopStore.getState().setUser(TEST_USER);
    queryClient.setQueryData(adminStatusQueryKey(TEST_USER.id), {
      isAdmin: true,
      timeZone: 'America/New_York',
    });
    const today = dayIn('America/New_York', new Date());
    currentFetch()
      .mockResolvedValueOnce(json([]))
      .mockResolvedValueOnce(json({ ...spring, id: 'd9', code: 'TODAY' }, 201))
      .mockResolvedValueOnce(json([]));
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Code'), 'TODAY');
    await user.type(within(dialog).getByLabelText('Value (%)'), '10');
    await user.type(within(dialog).getByLabelText('Expires on (optional)'), today);
    await user.click(within(dialog).getByRole('button', { name: 'Create Discount' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ description: 'TODAY is ready to use.' }),
    );
    expect(sentBody(currentFetch(), 1)).toMatchObject({ expiresAt: today });
  });

  it('does not call a code the API saved already expired "ready to use"', async () => {
    currentFetch()
      .mockResolvedValueOnce(json([]))
      .mockResolvedValueOnce(
        json(
          {
            ...spring,
            id: 'd9',
            code: 'SPRING10',
            expiresAt: '2020-04-01T04:00:00.000Z',
            expiresOn: '2020-03-31',
          },
          201,
        ),
      )
      .mockResolvedValueOnce(json([]));
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Code'), 'SPRING10');
    await user.type(within(dialog).getByLabelText('Value (%)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create Discount' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Discount created' }));
    expect(lastToast()?.description).not.toContain('ready to use');
    expect(lastToast()?.description).toBe(
      'SPRING10 was saved but has expired: shoppers cannot use it.',
    );
  });

  it("keeps an expired code's own expiry when it is edited for something else: the day is not sent", async () => {
    // Set through the API to end at noon, not at the day's end.
    const expired = { ...spring, expiresAt: '2020-03-31T16:00:00.000Z', expiresOn: '2020-03-31' };
    currentFetch()
      .mockResolvedValueOnce(json([expired]))
      .mockResolvedValueOnce(json({ ...expired, description: 'Spring sale 2020' }))
      .mockResolvedValueOnce(json([expired]));
    const user = userEvent.setup({ delay: null });
    renderPage(<DiscountCodesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING-10' }));
    const dialog = await openedDialog('Edit SPRING-10');
    await user.type(within(dialog).getByLabelText(/Description/), ' 2020');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Discount updated' }));
    expect(sentBody(currentFetch(), 1)).toMatchObject({ description: 'Spring sale 2020' });
    expect(sentBody(currentFetch(), 1)).not.toHaveProperty('expiresAt');
  });

  it('keeps the value between 0 and 100', async () => {
    currentFetch().mockResolvedValueOnce(json([]));
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Code'), 'big');
    await user.type(within(dialog).getByLabelText('Value (%)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create Discount' }));
    expect(within(dialog).getByLabelText('Value (%)')).toHaveAccessibleDescription(
      expect.stringContaining('Value must be at most 100'),
    );
  });

  it('creates a code: blanks mean no minimum, unlimited, never expires; says Discount created', async () => {
    currentFetch()
      .mockResolvedValueOnce(json([]))
      .mockResolvedValueOnce(
        json({ ...spring, id: 'd9', code: 'WELCOME5', type: 'fixed', value: 5 }, 201),
      )
      .mockResolvedValueOnce(json([]));
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Code'), 'welcome5');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'fixed');
    await user.type(within(dialog).getByLabelText('Value ($)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Discount' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Discount created' }));
    expect(currentFetch().mock.calls[1]?.[0]).toBe('/api/admin/discount-codes');
    expect(sentBody(currentFetch(), 1)).toEqual({
      code: 'WELCOME5',
      type: 'fixed',
      value: 5,
      minimumOrder: 0,
      usageLimit: null,
      expiresAt: null,
      description: null,
      isActive: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads amounts and counts as the shop prints them: "$1,000.00", " 25 ", "1,000"', async () => {
    currentFetch()
      .mockResolvedValueOnce(json([]))
      .mockResolvedValueOnce(json({ ...spring, id: 'd9', code: 'BULK', type: 'fixed' }, 201))
      .mockResolvedValueOnce(json([]));
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Code'), 'bulk');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'fixed');
    await user.type(within(dialog).getByLabelText('Value ($)'), ' 25 ');
    const minimum = within(dialog).getByLabelText('Minimum order ($)');
    await user.clear(minimum);
    await user.type(minimum, '$1,000.00');
    await user.type(within(dialog).getByLabelText(/Usage limit/), '1,000');
    // Kept as typed (a number input drops or refuses "$" and ",").
    expect(minimum).toHaveValue('$1,000.00');
    expect(within(dialog).getByLabelText('Value ($)')).toHaveValue(' 25 ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Discount' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Discount created' }));
    expect(sentBody(currentFetch(), 1)).toMatchObject({
      value: 25,
      minimumOrder: 1000,
      usageLimit: 1000,
    });
  });

  it("refuses an amount or count it would have to guess, with the fields' messages", async () => {
    currentFetch().mockResolvedValueOnce(json([]));
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Code'), 'odd');
    await user.type(within(dialog).getByLabelText('Value (%)'), '12abc');
    const minimum = within(dialog).getByLabelText('Minimum order ($)');
    await user.clear(minimum);
    await user.type(minimum, '1,00');
    await user.type(within(dialog).getByLabelText(/Usage limit/), '1.000.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Discount' }));
    expect(within(dialog).getByLabelText('Value (%)')).toHaveAccessibleDescription(
      expect.stringContaining('Value must be a number'),
    );
    expect(minimum).toHaveAccessibleDescription(
      expect.stringContaining('Minimum order must be a number'),
    );
    expect(within(dialog).getByLabelText(/Usage limit/)).toHaveAccessibleDescription(
      expect.stringContaining('Usage limit must be a number'),
    );
    await user.clear(within(dialog).getByLabelText(/Usage limit/));
    await user.type(within(dialog).getByLabelText(/Usage limit/), '2.5');
    expect(within(dialog).getByLabelText(/Usage limit/)).toHaveAccessibleDescription(
      expect.stringContaining('Usage limit must be a whole number'),
    );
    expect(currentFetch()).toHaveBeenCalledTimes(1);
  });

  it('says Save failed and marks a taken code on its field', async () => {
    currentFetch()
      .mockResolvedValueOnce(json([]))
      .mockResolvedValueOnce(
        json({ message: 'A discount code with this code already exists' }, 409),
      );
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Code'), 'SPRING-10');
    await user.type(within(dialog).getByLabelText('Value (%)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create Discount' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Save failed', variant: 'destructive' }),
    );
    expect(within(dialog).getByLabelText('Code')).toHaveAccessibleDescription(
      expect.stringContaining('A discount code with this code already exists'),
    );
  });

  it('edits a code with PUT and says Discount updated', async () => {
    currentFetch()
      .mockResolvedValueOnce(json([spring]))
      .mockResolvedValueOnce(json({ ...spring, value: 15 }))
      .mockResolvedValueOnce(json([{ ...spring, value: 15 }]));
    const user = userEvent.setup({ delay: null });
    renderPage(<DiscountCodesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING-10' }));
    const dialog = await openedDialog('Edit SPRING-10');
    const value = within(dialog).getByLabelText('Value (%)');
    expect(value).toHaveValue('10');
    await user.clear(value);
    await user.type(value, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Discount updated' }));
    expect(currentFetch().mock.calls[1]?.[0]).toBe('/api/admin/discount-codes/d1');
    expect(currentFetch().mock.calls[1]?.[1]?.method).toBe('PUT');
    expect(sentBody(currentFetch(), 1)).toMatchObject({
      code: 'SPRING-10',
      value: 15,
      minimumOrder: 25,
      usageLimit: 100,
      description: 'Spring sale',
    });
  });

  it('says a code whose usage limit its uses have reached is used up, as its row does, not just "saved"', async () => {
    const usedUp = { ...spring, usageLimit: 3 };
    currentFetch()
      .mockResolvedValueOnce(json([spring]))
      .mockResolvedValueOnce(json(usedUp))
      .mockResolvedValueOnce(json([usedUp]));
    const user = userEvent.setup({ delay: null });
    renderPage(<DiscountCodesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING-10' }));
    const dialog = await openedDialog('Edit SPRING-10');
    const limit = within(dialog).getByLabelText('Usage limit (optional)');
    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Discount updated' }));
    expect(lastToast()?.description).toBe(
      'SPRING-10 was saved but is used up (3 of 3 uses): shoppers cannot use it.',
    );
    expect(await screen.findByText('Used up')).toBeInTheDocument();
  });

  it('keeps the name of a code shoppers have used, saying why; an unused one can be renamed', async () => {
    currentFetch().mockResolvedValueOnce(
      json([spring, { ...spring, id: 'd2', code: 'NEW-5', timesUsed: 0 }]),
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<DiscountCodesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING-10' }));
    const used = within(await openedDialog('Edit SPRING-10')).getByLabelText('Code');
    expect(used).toHaveAttribute('readonly');
    expect(used).toHaveAccessibleDescription(/Used on orders already, so it keeps its name/);
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Edit NEW-5' }));
    const unused = within(await openedDialog('Edit NEW-5')).getByLabelText('Code');
    expect(unused).not.toHaveAttribute('readonly');
  });

  it('deletes only after confirmation, and says Delete failed when refused', async () => {
    currentFetch()
      .mockResolvedValueOnce(json([spring]))
      .mockResolvedValueOnce(json({ message: 'Discount code not found' }, 404));
    const user = userEvent.setup({ delay: null });
    renderPage(<DiscountCodesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Delete SPRING-10' }));
    const confirm = await openedDialog('Delete SPRING-10?', 'alertdialog');
    expect(currentFetch()).toHaveBeenCalledTimes(1);
    await user.click(within(confirm).getByRole('button', { name: 'Delete Code' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Delete failed',
        description: 'Discount code not found',
      }),
    );
    expect(currentFetch().mock.calls[1]?.[1]?.method).toBe('DELETE');
  });
});
