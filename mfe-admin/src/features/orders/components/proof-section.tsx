// The order's proof for the admin (docs/product.md, "Proofs"): every revision with the customer's
// answer, a new revision of one line (new text, drawn again, or an uploaded PNG, JPG or PDF), the move
// to processing once approved, or an override with its reason.
import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { SHOP_PROOF_STATUS_LABELS, type ProofLine } from '@shop/contracts/proof-workflow';
import type { AdminOrder } from '../api/get-admin-orders';
import {
  Button,
  SelectField,
  TextAreaField,
  TextField,
  busyProps,
  formatDate,
  formatTime,
  theme,
} from '@shop/ui';
import {
  useAdminOrderProof,
  useCreateProofRevision,
  useOverrideProof,
  useStartProcessing,
  type OrderProof,
} from '../api/proof-actions';
import { useShopTimeZone } from '../../../lib/shop-time-zone';

const Revisions = styled.ol`
  list-style: none;
  padding: 0 !important;
  display: grid;
  gap: 0.75rem;
  > li {
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
    padding: 0.75rem;
  }
  .lines {
    list-style: none;
    padding: 0;
    margin: 0.5rem 0 0;
  }
  .change {
    color: #9a3412;
    font-weight: 600;
  }
`;

function ts(at: string, timeZone: string | undefined) {
  return `${formatDate(at, timeZone)} ${formatTime(at, timeZone)}`;
}

/**
 * A proof line in words: its text in quotes (a series' as the template each number fills), then what
 * varies from label to label; a spreadsheet line has no text of its own, only its rows.
 */
export function lineWords(line: ProofLine): string {
  const text = line.customText
    ? `${line.varies ? 'template ' : ''}“${line.customText.replace(/\s+/g, ' ')}”`
    : '';
  return [text, line.varies ?? ''].filter(Boolean).join(' · ');
}

function proofUrl(
  order: AdminOrder,
  lineId: string,
  revision: number,
  kind: 'svg' | 'pdf' | 'file',
) {
  const name = kind === 'file' ? 'proof-file' : `proof.${kind}`;
  return `/api/orders/${encodeURIComponent(order.id)}/items/${encodeURIComponent(lineId)}/${name}?revision=${revision}`;
}

function RevisionForm({ order, proof }: { order: AdminOrder; proof: OrderProof }) {
  const create = useCreateProofRevision();
  const current = proof.revisions.at(-1);
  const [lineId, setLineId] = useState(order.items[0]?.id ?? '');
  const currentText = current?.lines.find((line) => line.lineId === lineId)?.customText ?? '';
  const [mode, setMode] = useState<'text' | 'file'>('text');
  const [text, setText] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file field once its file is sent (a file field cannot be set to nothing).
  const [fileField, setFileField] = useState(0);
  const [note, setNote] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      mode === 'file'
        ? { orderId: order.id, lineId, note, file: file ?? undefined }
        : { orderId: order.id, lineId, note, customText: text ?? currentText },
      {
        onSuccess: () => {
          setText(null);
          setFile(null);
          setFileField((key) => key + 1);
          setNote('');
          // The form starts over for the next revision: the focus goes to its heading, not the
          // page's body (the send button waits for a file again).
          heading.current?.focus();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby="revision-heading">
      <h4 id="revision-heading" ref={heading} tabIndex={-1}>
        Make revision {proof.revision + 1}
      </h4>
      <SelectField
        label="Label"
        value={lineId}
        onChange={(event) => {
          setLineId(event.target.value);
          setText(null);
        }}
      >
        {order.items.map((item, index) => (
          <option key={item.id} value={item.id}>
            Label {index + 1}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Change"
        value={mode}
        onChange={(event) => setMode(event.target.value as 'text' | 'file')}
      >
        <option value="text">Edit the text (drawn again)</option>
        <option value="file">Upload a revised proof (PNG, JPG or PDF)</option>
      </SelectField>
      {mode === 'text' ? (
        <TextAreaField
          label="Text to engrave"
          rows={3}
          maxLength={500}
          value={text ?? currentText}
          onChange={(event) => setText(event.target.value)}
        />
      ) : (
        <TextField
          key={fileField}
          label="Proof file"
          type="file"
          accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      )}
      <TextField
        label="What changed"
        optional
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button type="submit" disabled={mode === 'file' && !file} {...busyProps(create.isPending)}>
        {create.isPending ? 'Sending…' : `Send revision ${proof.revision + 1} to the customer`}
      </Button>
    </form>
  );
}

function OverrideForm({ order }: { order: AdminOrder }) {
  const override = useOverrideProof();
  const [reason, setReason] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        override.mutate({ orderId: order.id, reason: reason.trim() });
      }}
    >
      <TextField
        label="Reason for moving on without approval"
        hint="At least 5 characters, kept in the order's history."
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button
        type="submit"
        $variant="secondary"
        disabled={override.isPending || reason.trim().length < 5}
      >
        Move to processing without approval
      </Button>
    </form>
  );
}

export function ProofSection({ order }: { order: AdminOrder }) {
  const timeZone = useShopTimeZone();
  const query = useAdminOrderProof(order.id);
  const start = useStartProcessing();
  const proof = query.data;
  if (query.isPending) return <p className="muted">Loading the proof…</p>;
  if (query.isError || !proof) return <p role="alert">Could not load the proof.</p>;
  const waiting = order.status === 'awaiting_proof';
  // An order cancelled (or never paid) before the customer answered asks nothing any more.
  const closed =
    (order.status === 'cancelled' || order.status === 'expired') &&
    (proof.status === 'awaiting_approval' || proof.status === 'changes_requested');
  return (
    <>
      <p>
        <strong>
          {closed
            ? 'No longer asked: the order was cancelled before the customer approved'
            : proof.status
              ? SHOP_PROOF_STATUS_LABELS[proof.status]
              : 'No proof yet: it is sent once the order is paid'}
        </strong>
        {proof.revision > 0 && <> · revision {proof.revision}</>}
      </p>
      {proof.approvalOverdue && !closed && (
        <p role="status" className="change">
          Waiting for approval for 14 days or more: you may cancel with a full refund below.
        </p>
      )}
      {proof.override && (
        <p>
          Overridden by {proof.override.by}, {ts(proof.override.at, timeZone)}:{' '}
          {proof.override.reason}
        </p>
      )}
      {proof.revisions.length > 0 && (
        <Revisions aria-label="Proof revisions">
          {[...proof.revisions].reverse().map((revision) => (
            <li key={revision.revision}>
              <div>
                <strong>Revision {revision.revision}</strong>{' '}
                <span className="muted">
                  {ts(revision.createdAt, timeZone)}
                  {revision.note ? ` · ${revision.note}` : ''}
                </span>
              </div>
              <ul className="lines">
                {revision.lines.map((line) => {
                  const comment = revision.changesRequested?.comments.find(
                    (entry) => entry.lineId === line.lineId,
                  );
                  return (
                    <li key={line.lineId}>
                      Label {line.lineNumber}
                      {line.changed && revision.revision > 1 ? ' (changed)' : ''}: {lineWords(line)}
                      {line.uploadedFile && (
                        <>
                          {' · file '}
                          <a href={proofUrl(order, line.lineId, revision.revision, 'file')}>
                            {line.uploadedFile.originalName}
                          </a>
                        </>
                      )}{' '}
                      ·{' '}
                      <a
                        href={proofUrl(order, line.lineId, revision.revision, 'svg')}
                        target="_blank"
                        rel="noreferrer"
                      >
                        View
                      </a>{' '}
                      · <a href={proofUrl(order, line.lineId, revision.revision, 'pdf')}>PDF</a>
                      {comment && <div className="change">Change requested: {comment.comment}</div>}
                    </li>
                  );
                })}
              </ul>
              {revision.approval && (
                <p>
                  Approved by {revision.approval.name}, {ts(revision.approval.at, timeZone)}
                </p>
              )}
              {revision.changesRequested && (
                <p className="muted">
                  Changes requested {ts(revision.changesRequested.at, timeZone)}
                </p>
              )}
            </li>
          ))}
        </Revisions>
      )}
      {waiting && proof.status === 'approved' && (
        <Button type="button" disabled={start.isPending} onClick={() => start.mutate(order.id)}>
          Move to processing
        </Button>
      )}
      {waiting && proof.status !== 'approved' && <RevisionForm order={order} proof={proof} />}
      {waiting && proof.status !== 'approved' && <OverrideForm order={order} />}
    </>
  );
}
