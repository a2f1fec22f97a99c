import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShopStore } from 'shell/store';
import { stubApi, json, renderPage, TEST_USER } from '@shop/ui/testing';
import { resetShell } from '../../../testing/shell-config';
import { EnquiryForm } from './enquiry-form';

let sent: unknown[] = [];

beforeEach(() => {
  resetShell();
  sent = [];
  stubApi({
    'POST /api/contact': ({ body }) => {
      sent.push(body);
      return json({ id: '64b7f0c2a1b2c3d4e5f60718' }, 201);
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('EnquiryForm', () => {
  it('names every problem beside its field, marks the fields invalid, and sends nothing', async () => {
    renderPage(<EnquiryForm />);
    await userEvent.type(field('Email'), 'ann@');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(field('Name')).toHaveAccessibleDescription('Please enter your name');
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveFocus();
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field('Message')).toHaveAccessibleDescription(
      /Please tell us a little more \(at least 10 characters\)/,
    );
    expect(field('Company')).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
  });

  it('clears a message as soon as the field is fixed', async () => {
    renderPage(<EnquiryForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await userEvent.type(field('Name'), 'Ann');
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your name')).toBeNull();
  });

  it('sends a valid enquiry (company optional), thanks the shopper in a toast and clears the message', async () => {
    renderPage(<EnquiryForm />);
    await userEvent.type(field('Name'), 'Ann Lee');
    await userEvent.type(field('Email'), 'ann@plant.example');
    await userEvent.type(field('Message'), 'Quote for 40 phenolic labels, please.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'Ann Lee',
      email: 'ann@plant.example',
      company: '',
      message: 'Quote for 40 phenolic labels, please.',
    });
    await waitFor(() =>
      expect(useShopStore.getState().toasts[0]).toMatchObject({
        title: 'Message sent',
        description: "Thank you, Ann Lee. We'll reply to ann@plant.example within 24 hours.",
      }),
    );
    expect(field('Message')).toHaveValue('');
    expect(field('Name')).toHaveValue('Ann Lee');
  });

  it("starts with the signed-in customer's name, email and company", () => {
    useShopStore.getState().setUser(TEST_USER);
    renderPage(<EnquiryForm />);
    expect(field('Name')).toHaveValue('Ann Lee');
    expect(field('Email')).toHaveValue(TEST_USER.email);
    expect(field('Company')).toHaveValue(TEST_USER.company);
  });

  it("shows the server's field messages and a destructive toast when the API refuses", async () => {
    stubApi({
      'POST /api/contact': () =>
        json(
          {
            message: 'Please enter a valid email address',
            errors: [{ path: 'email', message: 'Please enter a valid email address' }],
          },
          400,
        ),
    });
    renderPage(<EnquiryForm />);
    await userEvent.type(field('Name'), 'Ann Lee');
    await userEvent.type(field('Email'), 'ann@plant.example');
    await userEvent.type(field('Message'), 'Quote for 40 phenolic labels, please.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(useShopStore.getState().toasts[0]).toMatchObject({
        title: 'Message not sent',
        variant: 'destructive',
      }),
    );
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    // As with the page's own check: the cursor goes to the first field the server refused.
    expect(field('Email')).toHaveFocus();
  });

  it('keeps what was typed when the API is down', async () => {
    stubApi({
      'POST /api/contact': () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });
    renderPage(<EnquiryForm />);
    await userEvent.type(field('Name'), 'Ann Lee');
    await userEvent.type(field('Email'), 'ann@plant.example');
    await userEvent.type(field('Message'), 'Quote for 40 phenolic labels, please.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(useShopStore.getState().toasts[0]).toMatchObject({
        title: 'Message not sent',
        description: 'Something went wrong on our side. Please try again, or call or email us.',
      }),
    );
    expect(field('Message')).toHaveValue('Quote for 40 phenolic labels, please.');
  });
});
