import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderProof } from '@shop/contracts/proof-workflow';
import { json, renderPage, setupShopTests } from '@shop/ui/testing';
import { formatTimeWithZone } from '@shop/ui';
import {
  APPROVAL_NAME_MISSING,
  CHANGES_COMMENT_MISSING,
  CHANGES_ONE_COMMENT_MISSING,
  OrderProofSection,
} from './order-proof';

const currentFetch = setupShopTests();
// jsdom has no scrollIntoView; a test that needs it stubs it.
const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});

const proof = (overrides: Partial<OrderProof> = {}): OrderProof => ({
  orderId: '64b7f0c2a1b2c3d4e5f60718',
  orderNumber: 1001,
  status: 'awaiting_approval',
  revision: 1,
  revisions: [
    {
      revision: 1,
      createdAt: '2025-03-05T14:31:00.000Z',
      note: null,
      lines: [
        {
          lineId: 'a'.repeat(24),
          lineNumber: 1,
          customText: 'PUMP 1',
          labels: 5,
          varies: null,
          uploadedFile: null,
          changed: true,
        },
      ],
      changesRequested: null,
      approval: null,
    },
  ],
  override: null,
  approvalOverdue: false,
  history: [],
  access: 'token.sig',
  ...overrides,
});

describe('the order page’s proof', () => {
  it('while the order waits for it, asks the customer to approve or ask for changes', async () => {
    currentFetch().mockResolvedValueOnce(json(proof()));
    renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
    expect(await screen.findByRole('heading', { name: 'Proof' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Approve the proof' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Approve the proof' })).toBeInTheDocument();
    expect(
      screen.getByRole('group', { name: /Proof of label 1, scrolls sideways/ }),
    ).toHaveAttribute('tabindex', '0');
  });

  it('shows once its drawings are loaded, each laid out at its own size, so nothing moves', async () => {
    // jsdom loads no image: decode resolves here, and the drawing is 612 by 431.
    const decode = vi.fn(() => Promise.resolve());
    HTMLImageElement.prototype.decode = decode;
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(612);
    vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(431);
    try {
      currentFetch().mockResolvedValueOnce(json(proof()));
      renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
      const image = await screen.findByRole('img', { name: /Proof of label 1/ });
      expect(decode).toHaveBeenCalled();
      expect(image).toHaveAttribute('width', '612');
      expect(image).toHaveAttribute('height', '431');
    } finally {
      vi.restoreAllMocks();
      delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
    }
  });

  it('lays a drawing out at its size when the browser refuses to decode it ahead but loads it', async () => {
    // Chrome's decode() rejects a drawing it has no image memory for; the load still gives its size.
    HTMLImageElement.prototype.decode = vi.fn(() =>
      Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError')),
    );
    vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (
      this: HTMLImageElement,
    ) {
      setTimeout(() => this.onload?.(new Event('load')), 10);
    });
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(480);
    vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(733);
    try {
      currentFetch().mockResolvedValueOnce(json(proof({ orderId: 'o3' })));
      renderPage(<OrderProofSection orderId="o3" orderStatus="awaiting_proof" access={null} />);
      const image = await screen.findByRole('img', { name: /Proof of label 1/ });
      expect(image).toHaveAttribute('width', '480');
      expect(image).toHaveAttribute('height', '733');
    } finally {
      vi.restoreAllMocks();
      delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
    }
  });

  it('when it cannot be read, says so and reads it again when asked', async () => {
    currentFetch()
      .mockResolvedValueOnce(json({ message: 'Internal server error' }, 500))
      .mockResolvedValueOnce(json(proof({ orderId: 'o2' })));
    const user = userEvent.setup();
    renderPage(<OrderProofSection orderId="o2" orderStatus="awaiting_proof" access={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your proof could not be loaded. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Approve the proof' })).toBeInTheDocument();
  });

  it('asked to approve without a name, says the name is needed and puts the cursor there, sending nothing', async () => {
    currentFetch().mockResolvedValueOnce(json(proof()));
    const user = userEvent.setup();
    renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
    await user.click(await screen.findByRole('button', { name: 'Approve the proof' }));
    const field = screen.getByRole('textbox', { name: 'Your name' });
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(APPROVAL_NAME_MISSING));
    expect(currentFetch()).toHaveBeenCalledTimes(1);
  });

  it('once approved from the keyboard, moves focus to the approval status and scrolls it into view', async () => {
    const approved = proof({ status: 'approved' });
    approved.revisions[0]!.approval = { at: '2025-03-05T15:00:00.000Z', name: 'Ann Lee' };
    currentFetch()
      .mockResolvedValueOnce(json(proof()))
      .mockResolvedValueOnce(json(approved))
      .mockResolvedValue(json(approved));
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const user = userEvent.setup();
    renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Ann Lee{Enter}');
    const status = await screen.findByText(/^Approved by Ann Lee/);
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Approve the proof' })).not.toBeInTheDocument();
    expect(scrolled).toHaveBeenCalled();
    expect(scrolled.mock.contexts.at(-1)).toBe(status);
  });

  it('when the approval gets no answer (offline, a gateway’s page), says it was not sent and keeps the form', async () => {
    currentFetch()
      .mockResolvedValueOnce(json(proof()))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Ann Lee{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your answer could not be sent. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Approve the proof' })).toBeEnabled();
  });

  it('when a newer revision was sent meanwhile (another window), says so and shows that revision', async () => {
    const newer = proof({ revision: 2 });
    newer.revisions.unshift({
      ...newer.revisions[0]!,
      revision: 2,
      lines: [{ ...newer.revisions[0]!.lines[0]!, customText: 'PUMP 1A' }],
    });
    const refusal = 'A newer proof (revision 2) was sent: please look at it before answering';
    currentFetch()
      .mockResolvedValueOnce(json(proof()))
      .mockResolvedValueOnce(json({ message: refusal }, 409))
      .mockResolvedValue(json(newer));
    const user = userEvent.setup();
    renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Ann Lee{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(await screen.findByRole('heading', { name: 'Proof (revision 2)' })).toBeVisible();
    expect(currentFetch().mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  /** A one-label proof, Request changes pressed with Enter: the comment box has the focus. */
  async function requestChangesFromKeyboard() {
    currentFetch().mockResolvedValue(json(proof()));
    const user = userEvent.setup();
    renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
    (await screen.findByRole('button', { name: 'Request changes' })).focus();
    await user.keyboard('{Enter}');
    const comment = screen.getByRole('textbox', { name: 'What should change on label 1?' });
    expect(comment).toHaveFocus();
    return { user, comment };
  }

  it('from the keyboard, Request changes puts the cursor in the comment box, and Back on Request changes', async () => {
    const { user, comment } = await requestChangesFromKeyboard();
    await user.keyboard('Make the text bigger');
    expect(comment).toHaveValue('Make the text bigger');
    screen.getByRole('button', { name: 'Back' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Request changes' })).toHaveFocus();
  });

  it('from the keyboard, Send my changes with no comment is reachable, says the comment is needed there and sends nothing', async () => {
    const { user, comment } = await requestChangesFromKeyboard();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send my changes' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(comment).toHaveFocus();
    expect(comment).toHaveAccessibleDescription(CHANGES_ONE_COMMENT_MISSING);
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    // Only the proof was read: nothing was sent.
    expect(currentFetch()).toHaveBeenCalledTimes(1);
    await user.type(comment, 'Make the text bigger');
    expect(comment).not.toHaveAccessibleDescription(CHANGES_ONE_COMMENT_MISSING);
  });

  it('with two labels, asks for a change on at least one of them: no box says optional, and sending none says so at the first', async () => {
    const answer = proof();
    const [first] = answer.revisions[0]!.lines;
    answer.revisions[0]!.lines.push({ ...first!, lineId: 'b'.repeat(24), lineNumber: 2 });
    const asked = proof({ status: 'changes_requested' });
    currentFetch()
      .mockResolvedValueOnce(json(answer))
      .mockImplementation(() => Promise.resolve(json(asked)));
    const user = userEvent.setup();
    renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
    await user.click(await screen.findByRole('button', { name: 'Request changes' }));
    // Each box is labelled without "(optional)": the rule, which they share, names them as a group.
    const firstBox = screen.getByRole('textbox', { name: 'What should change on label 1?' });
    const second = screen.getByRole('textbox', { name: 'What should change on label 2?' });
    expect(screen.queryByText(/optional/)).not.toBeInTheDocument();
    const rule = screen.getByRole('group', {
      name: 'Say what should change on at least one label.',
    });
    expect(rule).toContainElement(firstBox);
    expect(rule).toContainElement(second);
    await user.click(screen.getByRole('button', { name: 'Send my changes' }));
    expect(firstBox).toHaveFocus();
    expect(firstBox).toHaveAccessibleDescription(CHANGES_COMMENT_MISSING);
    expect(currentFetch()).toHaveBeenCalledTimes(1);
    await user.type(second, 'It is 208 volts');
    expect(firstBox).not.toHaveAccessibleDescription(CHANGES_COMMENT_MISSING);
    await user.click(screen.getByRole('button', { name: 'Send my changes' }));
    await screen.findByText(/we are making the changes you asked for/);
    const sent = currentFetch().mock.calls.find(([url]) => String(url).endsWith('/proof/changes'));
    const init = sent?.[1];
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      revision: 1,
      comments: [
        { lineId: 'a'.repeat(24), comment: '' },
        { lineId: 'b'.repeat(24), comment: 'It is 208 volts' },
      ],
    });
  });

  it('says how many labels an approval covers, and names the numbers of a series', async () => {
    const series = {
      lineId: 'b'.repeat(24),
      lineNumber: 2,
      customText: 'PUMP {n}',
      labels: 500,
      varies: 'PUMP 1501 to PUMP 2000 (500 labels)',
      uploadedFile: null,
      changed: true,
    };
    const answer = proof();
    answer.revisions[0]!.lines.push(series);
    currentFetch().mockResolvedValueOnce(json(answer));
    renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
    expect(await screen.findByRole('button', { name: 'Approve both proofs' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Approve both proofs' })).toBeInTheDocument();
    expect(
      screen.getByText(/exactly what both proofs show, on 505 labels in all/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Proof of label 2: PUMP 1501 to PUMP 2000 (500 labels)' }),
    ).toBeInTheDocument();
  });

  it('with three lines or more, names how many proofs the approval covers', async () => {
    const answer = proof();
    const [first] = answer.revisions[0]!.lines;
    answer.revisions[0]!.lines.push(
      { ...first!, lineId: 'b'.repeat(24), lineNumber: 2 },
      { ...first!, lineId: 'c'.repeat(24), lineNumber: 3 },
    );
    currentFetch().mockResolvedValueOnce(json(answer));
    renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
    expect(await screen.findByRole('button', { name: 'Approve all 3 proofs' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Approve all 3 proofs' })).toBeInTheDocument();
    expect(
      screen.getByText(/exactly what the 3 proofs show, on 15 labels in all/),
    ).toBeInTheDocument();
  });

  it('links the proof file the shop uploaded for a line, with the order link', async () => {
    const answer = proof();
    answer.revisions[0]!.lines[0]!.uploadedFile = {
      originalName: 'layout.pdf',
      contentType: 'application/pdf',
    };
    currentFetch().mockResolvedValueOnce(json(answer));
    renderPage(<OrderProofSection orderId="o1" orderStatus="awaiting_proof" access={null} />);
    expect(await screen.findByRole('link', { name: 'Our proof file: layout.pdf' })).toHaveAttribute(
      'href',
      `/api/orders/64b7f0c2a1b2c3d4e5f60718/items/${'a'.repeat(24)}/proof-file?revision=1&access=token.sig`,
    );
  });

  it('once the order is cancelled, no longer asks, says why, and is folded', async () => {
    currentFetch().mockResolvedValueOnce(json(proof()));
    renderPage(<OrderProofSection orderId="o1" orderStatus="cancelled" access={null} />);
    const summary = await screen.findByText('Proof: not approved before the order was cancelled');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(screen.queryByRole('button', { name: 'Approve the proof' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/This order was cancelled before the proof was approved/),
    ).toBeInTheDocument();
  });

  it('approved and in production, says the labels are being engraved as shown', async () => {
    const approved = proof({ status: 'approved' });
    approved.revisions[0]!.approval = { at: '2025-03-05T15:00:00.000Z', name: 'Ann Lee' };
    currentFetch().mockResolvedValueOnce(json(approved));
    renderPage(<OrderProofSection orderId="o1" orderStatus="processing" access={null} />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Approved by Ann Lee on March 5, 2025 at .+\. Your labels are in production: we engrave exactly this\.$/,
    );
  });

  it('names the approval time’s zone, as the order page’s Placed line does', async () => {
    const approved = proof({ status: 'approved' });
    const at = '2025-03-05T15:00:00.000Z';
    approved.revisions[0]!.approval = { at, name: 'Ann Lee' };
    currentFetch().mockResolvedValueOnce(json(approved));
    renderPage(<OrderProofSection orderId="o1" orderStatus="processing" access={null} />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Approved by Ann Lee on March 5, 2025 at ${formatTimeWithZone(at)}.`,
    );
  });
});
