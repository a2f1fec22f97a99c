import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderPage, setupShopTests } from '@shop/ui/testing';
import { OutboxPanel } from './outbox-panel';

const currentFetch = setupShopTests();

const message = {
  id: 'm1',
  to: 'ann@example.com',
  replyTo: null,
  subject: 'Order #1001 confirmed: $19.07',
  kind: 'order_confirmation',
  text: 'Hello Ann',
  html: '<p>Hello Ann</p>',
  createdAt: '2025-01-02T10:00:00.000Z',
  sentAt: '2025-01-02T10:00:05.000Z',
  error: null,
  failedAt: null,
  attachments: [],
};

describe('Outbox', () => {
  it('with no mail server, says a handled message is kept in the outbox, not sent', async () => {
    currentFetch().mockResolvedValueOnce(
      json({ mailServer: false, messages: [message], nextBefore: null }),
    );
    renderPage(<OutboxPanel />);
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Kept in the outbox');
    expect(row).not.toHaveTextContent('Sent');
    expect(screen.getByText(/No mail server is configured \(MAIL_URL\)/)).toBeInTheDocument();
  });

  it('opens a message below the list and takes the focus there', async () => {
    currentFetch().mockResolvedValueOnce(
      json({ mailServer: true, messages: [message], nextBefore: null }),
    );
    renderPage(<OutboxPanel />);
    await userEvent.click(
      await screen.findByRole('button', { name: `Open email: ${message.subject}` }),
    );
    expect(screen.getByRole('heading', { level: 3, name: message.subject })).toHaveFocus();
    expect(screen.getByTitle(`Email: ${message.subject}`)).toBeInTheDocument();
  });

  it('with a mail server, says the message was sent', async () => {
    currentFetch().mockResolvedValueOnce(
      json({ mailServer: true, messages: [message], nextBefore: null }),
    );
    renderPage(<OutboxPanel />);
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Sent');
    expect(screen.queryByText(/No mail server is configured/)).not.toBeInTheDocument();
  });

  it('tells a message the mail server refused for good from one it retries', async () => {
    const refused = {
      ...message,
      id: 'm2',
      sentAt: null,
      error: '550 No such user',
      failedAt: '2025-01-02T10:00:06.000Z',
    };
    const retried = { ...message, id: 'm3', sentAt: null, error: 'Connection timeout' };
    currentFetch().mockResolvedValueOnce(
      json({ mailServer: true, messages: [refused, retried], nextBefore: null }),
    );
    renderPage(<OutboxPanel />);
    const [, first, second] = within(await screen.findByRole('table')).getAllByRole('row');
    expect(first).toHaveTextContent('Not sent: refused');
    expect(first).not.toHaveTextContent('Retrying');
    expect(second).toHaveTextContent('Retrying');
  });
});
