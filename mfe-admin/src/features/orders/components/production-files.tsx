// The engraver's files of an approved order (docs/product.md, "Proof and production"): for each line,
// every label as a PDF (on 12 x 24 in sheets, or one a page) and the CSV of what each label says.
import { useState } from 'react';
import styled from 'styled-components';
import { PRODUCTION_STATUSES } from '@shop/contracts/orders';
import { Button, ButtonAnchor } from '@shop/ui';
import { apiErrorMessage, apiRequest } from 'shell/store';
import type { AdminOrder } from '../api/get-admin-orders';
import { useAdminOrderProof, type OrderProof } from '../api/proof-actions';
import { DetailsSection } from './order-action-forms';
import { formatCount } from '@shop/contracts/money';

const Lines = styled.ul`
  list-style: none;
  padding: 0 !important;
  > li {
    display: grid;
    gap: 0.5rem;
    margin: 0.75rem 0 !important;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`;

type Layout = 'sheet' | 'page';

const LAYOUT_NAMES: Record<Layout, string> = {
  sheet: 'Labels on sheets (PDF)',
  page: 'One label a page (PDF)',
};

/** The end of each layout's file name (the API's too), so both can be saved side by side. */
const LAYOUT_FILES: Record<Layout, string> = { sheet: 'sheets', page: 'pages' };

function productionUrl(order: AdminOrder, lineId: string, file: 'pdf' | 'csv') {
  return `/api/admin/orders/${encodeURIComponent(order.id)}/items/${encodeURIComponent(lineId)}/production.${file}`;
}

/** Saves what the browser fetched under the file name the answer gives (or `fallback`). */
async function save(response: Response, fallback: string) {
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named?.[1] ?? fallback;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A production PDF is drawn when asked for: about a minute for 5,000 labels (docs/benchmarks.md,
 * "Asset tags"). It is fetched here rather than by a link, so the admin sees it being prepared and
 * cannot start a second drawing of it meanwhile.
 */
function ProductionPdfButton({
  order,
  lineId,
  line,
  layout,
}: {
  order: AdminOrder;
  lineId: string;
  line: number;
  layout: Layout;
}) {
  const [state, setState] = useState<'idle' | 'preparing' | { error: string }>('idle');
  const download = async () => {
    setState('preparing');
    try {
      const url = `${productionUrl(order, lineId, 'pdf')}?layout=${layout}`;
      await save(
        await apiRequest(url),
        `production-${order.orderNumber}-${line}-${LAYOUT_FILES[layout]}.pdf`,
      );
      setState('idle');
    } catch (error) {
      setState({ error: apiErrorMessage(error) ?? 'The production file could not be made.' });
    }
  };
  return (
    <>
      <Button
        type="button"
        $variant="secondary"
        $size="sm"
        disabled={state === 'preparing'}
        onClick={() => void download()}
      >
        {state === 'preparing' ? 'Preparing…' : LAYOUT_NAMES[layout]}
      </Button>
      {typeof state === 'object' && <span role="alert">{state.error}</span>}
    </>
  );
}

/** The shop's proof file the approved revision shows for a line, to engrave from (its link). */
function approvedFileOf(order: AdminOrder, proof: OrderProof | undefined, lineId: string) {
  const current = proof?.revisions.find((revision) => revision.revision === proof.revision);
  const line = current?.lines.find((candidate) => candidate.lineId === lineId);
  if (!current || !line?.uploadedFile) return null;
  return {
    name: line.uploadedFile.originalName,
    url: `/api/orders/${encodeURIComponent(order.id)}/items/${encodeURIComponent(lineId)}/proof-file?revision=${current.revision}`,
  };
}

export function ProductionFiles({ order }: { order: AdminOrder }) {
  // The proof the dialog's proof section reads (one request): a line approved from a file the shop
  // uploaded is engraved from that file, which the drawn labels below do not show.
  const proof = useAdminOrderProof(
    order.paymentStatus === 'paid' && order.status !== 'cancelled' ? order.id : null,
  ).data;
  if (order.paymentStatus !== 'paid' || order.status === 'cancelled') return null;
  const approved = order.status !== null && PRODUCTION_STATUSES.includes(order.status);
  return (
    <DetailsSection aria-labelledby="production-heading">
      <h3 id="production-heading">Production files</h3>
      {approved ? (
        <>
          <p className="muted">
            Every label of the line, as approved. A PDF is drawn when asked for: thousands of labels
            take a minute or two.
          </p>
          <Lines>
            {order.items.map((item, index) => {
              const lineId = item.id;
              if (!lineId) return null;
              const approvedFile = approvedFileOf(order, proof, lineId);
              return (
                <li key={lineId} aria-label={`Line ${index + 1}`}>
                  <span>
                    Line {index + 1}: {formatCount(item.quantity)} label
                    {item.quantity === 1 ? '' : 's'}
                  </span>
                  {approvedFile && (
                    <p className="change">
                      Approved from the proof file{' '}
                      <a href={approvedFile.url}>{approvedFile.name}</a>: engrave from it. The files
                      below draw the line as ordered.
                    </p>
                  )}
                  <div className="actions">
                    <ProductionPdfButton
                      order={order}
                      lineId={lineId}
                      line={index + 1}
                      layout="sheet"
                    />
                    <ProductionPdfButton
                      order={order}
                      lineId={lineId}
                      line={index + 1}
                      layout="page"
                    />
                    <ButtonAnchor
                      $variant="secondary"
                      $size="sm"
                      href={productionUrl(order, lineId, 'csv')}
                      download={`production-${order.orderNumber}-${index + 1}.csv`}
                    >
                      Engraver&apos;s CSV
                    </ButtonAnchor>
                  </div>
                </li>
              );
            })}
          </Lines>
        </>
      ) : (
        <p className="muted">Offered once the customer approves the proof (or it is skipped).</p>
      )}
    </DetailsSection>
  );
}
