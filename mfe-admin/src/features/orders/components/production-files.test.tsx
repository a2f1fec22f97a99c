import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder } from '@shop/contracts/orders';
import { SAMPLE_ADMIN_ORDER } from '@shop/contracts/testing';
import { json, renderPage, setupShopTests } from '@shop/ui/testing';
import { ProductionFiles } from './production-files';

const currentFetch = setupShopTests();

const order: AdminOrder = SAMPLE_ADMIN_ORDER;

/** The order's proof as GET /api/admin/orders/{id}/proof answers it: approved at `revision`. */
function proofOf(revision: number, uploadedFile: { originalName: string } | null = null) {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: 'approved',
    revision,
    revisions: Array.from({ length: revision }, (_, index) => ({
      revision: index + 1,
      createdAt: '2026-11-20T10:00:00.000Z',
      lines: [
        {
          lineId: 'i1',
          lineNumber: 1,
          customText: 'MAIN PUMP',
          labels: 1,
          varies: null,
          uploadedFile:
            uploadedFile && index + 1 === revision
              ? { ...uploadedFile, contentType: 'image/png' }
              : null,
          changed: index > 0,
        },
      ],
      note: null,
      changesRequested: null,
      approval: null,
    })),
    override: null,
    approvalOverdue: false,
    history: [],
  };
}

/** The proof's read answered; every other call by `otherwise` (the production files' fetches). */
function answer(otherwise: (url: string) => Promise<Response>, proof = proofOf(1)) {
  currentFetch().mockImplementation((input) => {
    const url = String(input);
    return url.endsWith('/proof') ? Promise.resolve(json(proof)) : otherwise(url);
  });
}

const productionCalls = () =>
  currentFetch()
    .mock.calls.map(([url]) => String(url))
    .filter((url) => url.includes('/production.'));

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the production files', () => {
  it('are offered only once the proof is approved', () => {
    renderPage(<ProductionFiles order={{ ...order, status: 'awaiting_proof' }} />);
    expect(
      screen.getByText('Offered once the customer approves the proof (or it is skipped).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('are not offered for an unpaid or cancelled order', () => {
    renderPage(
      <>
        <ProductionFiles order={{ ...order, status: 'pending_payment', paymentStatus: 'unpaid' }} />
        <ProductionFiles order={{ ...order, status: 'cancelled' }} />
      </>,
    );
    expect(screen.queryByRole('heading', { name: 'Production files' })).not.toBeInTheDocument();
  });

  it('link the CSV, and fetch a PDF while saying it is being prepared, then save it under its name', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL() {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    let deliver!: (response: Response) => void;
    answer(() => new Promise<Response>((resolve) => (deliver = resolve)));
    const user = userEvent.setup();
    renderPage(<ProductionFiles order={order} />);

    const line = screen.getByRole('listitem', { name: 'Line 1' });
    expect(within(line).getByRole('link', { name: "Engraver's CSV" })).toHaveAttribute(
      'href',
      '/api/admin/orders/o1/items/i1/production.csv',
    );
    await user.click(within(line).getByRole('button', { name: 'Labels on sheets (PDF)' }));
    expect(productionCalls()).toEqual([
      '/api/admin/orders/o1/items/i1/production.pdf?layout=sheet',
    ]);
    expect(within(line).getByRole('button', { name: 'Preparing…' })).toBeDisabled();

    deliver(
      new Response(new Blob(['%PDF-1.7']), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="production-1001-1-sheets.pdf"',
        },
      }),
    );
    await waitFor(() =>
      expect(within(line).getByRole('button', { name: 'Labels on sheets (PDF)' })).toBeEnabled(),
    );
    expect(saved).toEqual(['production-1001-1-sheets.pdf blob:pdf']);
    click.mockRestore();
  });

  it("shows the API's reason when the file cannot be made", async () => {
    answer(() => Promise.resolve(json({ message: 'Order not found' }, 404)));
    const user = userEvent.setup();
    renderPage(<ProductionFiles order={order} />);
    await user.click(screen.getByRole('button', { name: 'One label a page (PDF)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    expect(productionCalls()).toEqual(['/api/admin/orders/o1/items/i1/production.pdf?layout=page']);
  });

  it('say which line was approved from a proof file the shop uploaded, linking it to engrave from', async () => {
    answer(
      () => Promise.reject(new Error('not asked')),
      proofOf(2, { originalName: 'revised.png' }),
    );
    renderPage(<ProductionFiles order={order} />);
    const line = screen.getByRole('listitem', { name: 'Line 1' });
    const file = await within(line).findByRole('link', { name: 'revised.png' });
    expect(file).toHaveAttribute('href', '/api/orders/o1/items/i1/proof-file?revision=2');
    expect(line).toHaveTextContent(
      'Approved from the proof file revised.png: engrave from it. The files below draw the line as ordered.',
    );
  });
});
