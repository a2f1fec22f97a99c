import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, lastToast, renderPage, setupShopTests } from '@shop/ui/testing';
import { EnquiriesPanel } from './enquiries-panel';

const currentFetch = setupShopTests();

const enquiry = {
  id: 'e1',
  name: 'Ann Lee',
  email: 'ann@plant.example',
  company: 'Plant',
  message: 'Quote for 40 phenolic labels, please.',
  createdAt: '2025-01-02T10:00:00.000Z',
  handledAt: null,
  handledBy: null,
};

describe('Enquiries', () => {
  it('marked handled, the enquiry leaves the New list and the focus goes to the list’s heading, not the page', async () => {
    let handled = false;
    currentFetch().mockImplementation(async (_input, init) => {
      if (init?.method === 'PATCH') {
        handled = true;
        return json({ ...enquiry, handledAt: '2025-01-02T11:00:00.000Z', handledBy: 'admin' });
      }
      return json({ enquiries: handled ? [] : [enquiry], nextBefore: null });
    });
    const user = userEvent.setup();
    renderPage(<EnquiriesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Mark handled: Ann Lee' }));
    await screen.findByRole('heading', { name: 'No enquiries waiting' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Enquiries' })).toHaveFocus());
    // The card is gone from the list: the admin is told what became of it.
    expect(lastToast()).toMatchObject({
      title: 'Enquiry marked handled',
      description: 'Ann Lee’s enquiry is in the Handled list.',
    });
  });
});
