// The proof section of the order page (docs/product.md, "Proofs"): every line's proof as the shop
// will engrave it, approved in one click with the customer's name, or changes asked for per line.
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import styled from 'styled-components';
import { PROOF_STATUS_LABELS, type ProofStatus } from '@shop/contracts/proof-workflow';
import type { OrderStatus } from '@shop/contracts/orders';
import {
  Button,
  TextAreaField,
  busyProps,
  TextField,
  formatDate,
  formatTimeWithZone,
  fromMedium,
  theme,
} from '@shop/ui';
import { apiErrorMessage } from 'shell/store';
import {
  useApproveProof,
  useOrderProof,
  useRequestProofChanges,
  type OrderProof,
} from '../api/order-proof';
import { proofImageSize, proofPath } from '../../../api/order-proof';
import { hasOutcome } from '../../../lib/order-outcome';
import { formatCount } from '@shop/contracts/money';

const Section = styled.section`
  display: grid;
  gap: 1rem;
  padding: 1.25rem;
  border: 1px solid ${theme.colors.border};
  border-radius: 12px;
  background: #fff;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
  }
  .scroll-hint {
    font-size: 0.9rem;
    color: ${theme.colors.muted};
    ${fromMedium} {
      display: none;
    }
  }
`;

const Lines = styled.ol`
  display: grid;
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
  figure {
    margin: 0;
    display: grid;
    gap: 0.5rem;
    min-width: 0;
  }
  /* A proof is drawn on a page 5 to 8.5 inches wide: shrunk to a phone's width its details were
     about 5 px high. Below the medium breakpoint it is shown at its own size and scrolls sideways
     in its own frame. */
  .frame {
    overflow-x: auto;
    border: 1px solid ${theme.colors.border};
    border-radius: 8px;
    background: #fff;
  }
  .frame:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  img {
    display: block;
    /* Its page's own size (10 pt details at about 13 px), from the width and height the page
       measured: no CSS size here, so those attributes hold its box before it loads (width: auto and
       height: auto left it empty until then, and the page moved when a drawing was fetched again). */
    max-width: none;
    background: #fff;
  }
  ${fromMedium} {
    img {
      width: 100%;
      max-width: 100%;
    }
  }

  /* A series read from a code's web address ("https://assets.example.com/t/1 to ...") wraps inside
     the phone's width instead of widening the proof and the page past it. */
  figcaption {
    font-size: 0.9rem;
    color: ${theme.colors.muted};
    overflow-wrap: anywhere;
  }
  a {
    color: ${theme.colors.brand};
  }
`;

const Status = styled.p<{ $tone: 'wait' | 'ok' | 'info' }>`
  padding: 0.75rem 1rem;
  border-radius: 8px;
  font-weight: 600;
  background: ${({ $tone }) =>
    $tone === 'ok' ? '#dcfce7' : $tone === 'wait' ? '#ffedd5' : '#f1f5f9'};
  color: ${({ $tone }) => ($tone === 'ok' ? '#166534' : $tone === 'wait' ? '#9a3412' : '#334155')};
  scroll-margin: 5rem 0;
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Actions = styled.form`
  display: grid;
  gap: 0.75rem;
`;

/** Several labels' comment boxes, named by the rule they share: at least one says what to change. */
const Comments = styled.fieldset`
  display: grid;
  gap: 1rem;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: 0.75rem;
    padding: 0;
  }
`;

const Folded = styled.details`
  summary {
    cursor: pointer;
    font-weight: 700;
    font-size: 1.125rem;
    color: ${theme.colors.brand};
  }
  &[open] summary {
    margin-bottom: 1rem;
  }
  > div {
    display: grid;
    gap: 1rem;
  }
`;

const Earlier = styled.details`
  font-size: 0.9rem;
  ul {
    margin: 0.5rem 0 0;
    padding-left: 1.25rem;
  }
  a {
    color: ${theme.colors.brand};
  }
`;

/** With its zone's name, as the order page's Placed line and steps (formatTimeWithZone). */
function when(at: string) {
  return `${formatDate(at)} at ${formatTimeWithZone(at)}`;
}

/** An answer that got no answer back: nothing was recorded, and the customer may send it again. */
const PROOF_ANSWER_NOT_SENT = 'Your answer could not be sent. Please try again.';

/** The proofs an approval covers, as a sentence names them: "the proof", "both proofs", "the 3 proofs". */
function proofsNamed(count: number): string {
  return count === 1 ? 'the proof' : count === 2 ? 'both proofs' : `the ${count} proofs`;
}

/** The approval button's words: "Approve the proof", "Approve both proofs", "Approve all 3 proofs". */
function approveLabel(count: number): string {
  return count > 2 ? `Approve all ${count} proofs` : `Approve ${proofsNamed(count)}`;
}

/** What an approval covers: each line's proof, and every label engraved from them. */
function approvalHint(lines: OrderProof['revisions'][number]['lines']): string {
  const labels = formatCount(lines.reduce((sum, line) => sum + line.labels, 0));
  return lines.length === 1
    ? `Approving tells us to engrave exactly what the proof shows, on ${labels === '1' ? '1 label' : `${labels} labels`}.`
    : `Approving tells us to engrave exactly what ${proofsNamed(lines.length)} show, on ${labels} labels in all.`;
}

export const APPROVAL_NAME_MISSING = 'Type your name to approve: it is recorded with the approval.';

/** Changes asked for with no comment: one is needed (the API's rule too), on the one label or on any. */
export const CHANGES_ONE_COMMENT_MISSING =
  'Say what should change on the label to send your changes.';
export const CHANGES_COMMENT_MISSING =
  'Say what should change on at least one label to send your changes.';

function Answer({
  proof,
  access,
  onAnswering,
}: {
  proof: OrderProof;
  access: string | null;
  /**
   * The answer is being sent: once it is recorded the form is gone (this component with it, so its
   * own callbacks no longer run), and the section moves focus to its status.
   */
  onAnswering: () => void;
}) {
  const approve = useApproveProof(proof.orderId, access);
  const changes = useRequestProofChanges(proof.orderId, access);
  const current = proof.revisions.at(-1)!;
  const [name, setName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<'approve' | 'changes'>('approve');
  const [comments, setComments] = useState<Record<string, string>>({});
  const [commentMissing, setCommentMissing] = useState(false);
  const anyComment = Object.values(comments).some((comment) => comment.trim());
  // The form that replaces the one whose button was pressed takes the focus: the first comment box,
  // or, back, Request changes (the pressed button is gone, and the focus with it).
  const switched = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    const target =
      mode === 'changes'
        ? form.current?.querySelector<HTMLElement>('textarea')
        : form.current?.querySelector<HTMLElement>('[data-request-changes]');
    target?.focus();
  }, [mode]);
  const switchTo = (next: 'approve' | 'changes') => {
    switched.current = true;
    setCommentMissing(false);
    setMode(next);
  };
  // The server's reason, or (no answer, a page that is not ours) that nothing was recorded.
  const failed = approve.error ?? changes.error;
  const error = failed ? (apiErrorMessage(failed) ?? PROOF_ANSWER_NOT_SENT) : null;
  const submitApproval = (event: FormEvent) => {
    event.preventDefault();
    // An approval is signed: without a name, the field says so (the button stays usable).
    if (!name.trim()) {
      setNameMissing(true);
      nameField.current?.focus();
      return;
    }
    onAnswering();
    approve.mutate({ revision: proof.revision, name: name.trim() });
  };
  const submitChanges = (event: FormEvent) => {
    event.preventDefault();
    // As an approval without a name: without a comment, the first box says so and takes the cursor
    // (the button stays usable).
    if (!anyComment) {
      setCommentMissing(true);
      form.current?.querySelector<HTMLElement>('textarea')?.focus();
      return;
    }
    onAnswering();
    changes.mutate({
      revision: proof.revision,
      comments: current.lines.map((line) => ({
        lineId: line.lineId,
        comment: comments[line.lineId]?.trim() ?? '',
      })),
    });
  };
  if (mode === 'changes') {
    // One comment is needed: with one label it is that label's; with several, any of them.
    const several = current.lines.length > 1;
    const missing =
      commentMissing && !anyComment
        ? several
          ? CHANGES_COMMENT_MISSING
          : CHANGES_ONE_COMMENT_MISSING
        : undefined;
    const boxes = current.lines.map((line, index) => (
      <TextAreaField
        key={line.lineId}
        label={`What should change on label ${line.lineNumber}?`}
        error={index === 0 ? missing : undefined}
        required={!several}
        rows={2}
        maxLength={1000}
        value={comments[line.lineId] ?? ''}
        onChange={(event) => setComments((all) => ({ ...all, [line.lineId]: event.target.value }))}
      />
    ));
    return (
      // noValidate: the missing comment is told by the box, not by the browser's bubble.
      <Actions ref={form} onSubmit={submitChanges} aria-label="Request changes" noValidate>
        {several ? (
          // No box is optional on its own, nor required: the rule they share names them.
          <Comments>
            <legend>Say what should change on at least one label.</legend>
            {boxes}
          </Comments>
        ) : (
          boxes
        )}
        {error && <p role="alert">{error}</p>}
        <Button type="submit" {...busyProps(changes.isPending)}>
          {changes.isPending ? 'Sending…' : 'Send my changes'}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => switchTo('approve')}>
          Back
        </Button>
      </Actions>
    );
  }
  return (
    <Actions ref={form} onSubmit={submitApproval} aria-label={approveLabel(current.lines.length)}>
      <TextField
        ref={nameField}
        label="Your name"
        hint={approvalHint(current.lines)}
        error={nameMissing && !name.trim() ? APPROVAL_NAME_MISSING : undefined}
        autoComplete="name"
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {error && <p role="alert">{error}</p>}
      <Button type="submit" {...busyProps(approve.isPending)}>
        {approve.isPending ? 'Approving…' : approveLabel(current.lines.length)}
      </Button>
      <Button
        type="button"
        $variant="secondary"
        data-request-changes
        onClick={() => switchTo('changes')}
      >
        Request changes
      </Button>
    </Actions>
  );
}

function approvedWhen(proof: OrderProof) {
  const approval = proof.revisions.at(-1)?.approval;
  return approval ? `Approved by ${approval.name} on ${when(approval.at)}` : 'Approved';
}

/** A proof sent (or skipped): one with a status, which an unpaid order's proof has not. */
type SentProof = OrderProof & { status: ProofStatus };

/**
 * Where the proof stands. `ref` (with tabIndex -1) lets the section move focus here once the
 * customer's answer replaced the form, so a keyboard or screen-reader user learns the outcome.
 */
function statusLine(proof: SentProof, orderStatus: OrderStatus, ref: Ref<HTMLParagraphElement>) {
  const focusable = { ref, tabIndex: -1, 'data-testid': 'proof-status' };
  const unanswered = proof.status === 'awaiting_approval' || proof.status === 'changes_requested';
  if (unanswered && orderStatus !== 'awaiting_proof') {
    return (
      <Status $tone="info" role="status" {...focusable}>
        This order was {orderStatus === 'cancelled' ? 'cancelled' : 'closed'} before the proof was
        approved, so nothing more is needed from you.
      </Status>
    );
  }
  switch (proof.status) {
    case 'awaiting_approval':
      return (
        <Status $tone="wait" role="status" {...focusable}>
          Please check the proof{proof.revision > 1 ? ` (revision ${proof.revision})` : ''}: we
          engrave only after you approve it.
        </Status>
      );
    case 'changes_requested':
      return (
        <Status $tone="info" role="status" {...focusable}>
          Thank you: we are making the changes you asked for and will email you a new proof.
        </Status>
      );
    case 'approved':
      return (
        <Status $tone="ok" role="status" {...focusable}>
          {approvedWhen(proof)}.
          {orderStatus === 'processing' &&
            ' Your labels are in production: we engrave exactly this.'}
        </Status>
      );
    default:
      return (
        <Status $tone="info" {...focusable}>
          {PROOF_STATUS_LABELS[proof.status]}
        </Status>
      );
  }
}

/** What a folded proof says before it is opened. */
function foldedSummary(proof: SentProof, orderStatus: OrderStatus) {
  const revision = proof.revision > 1 ? ` (revision ${proof.revision})` : '';
  if (proof.status === 'approved') {
    const approved = approvedWhen(proof);
    return `Proof${revision}: ${approved[0]!.toLowerCase()}${approved.slice(1)}`;
  }
  if (orderStatus === 'cancelled' && proof.status !== 'overridden' && proof.status !== 'skipped')
    return `Proof${revision}: not approved before the order was cancelled`;
  return `Proof${revision}: ${PROOF_STATUS_LABELS[proof.status].toLowerCase()}`;
}

/**
 * The order page's proof section: the order's id and status, and the guest link's token, if the page
 * has one. The customer is asked to answer only while the order waits for it; once the order's
 * outcome is known (shipped, completed, cancelled) the proof is folded, under that outcome.
 */
export function OrderProofSection({
  orderId,
  orderStatus,
  access,
}: {
  orderId: string;
  orderStatus: OrderStatus;
  access: string | null;
}) {
  const query = useOrderProof(orderId, access);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Set when the customer sends an answer from this page; once the proof no longer waits for it (the
  // answer recorded, the form gone), focus goes to the status message, scrolled into view.
  const answering = useRef(false);
  const proofStatus = query.data?.status;
  useEffect(() => {
    if (!answering.current || proofStatus === 'awaiting_approval' || !statusRef.current) return;
    answering.current = false;
    statusRef.current.focus({ preventScroll: true });
    statusRef.current.scrollIntoView?.({ block: 'center' });
  }, [proofStatus]);
  // While it loads, the order page holds what follows (order-page.tsx): nothing moves when it shows.
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <Section aria-labelledby="proof-heading">
        <h2 id="proof-heading">Proof</h2>
        <p role="alert">Your proof could not be loaded. Please try again.</p>
        <div>
          <Button
            type="button"
            $variant="secondary"
            disabled={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </div>
      </Section>
    );
  }
  const proof = query.data;
  // Nothing to show before the first proof is sent (an unpaid order's, a skipped one's).
  if (proof.status === null || proof.revisions.length === 0) return null;
  const sent: SentProof = { ...proof, status: proof.status };
  // The images and PDF links cannot send the session header: they use the order's link.
  const linkAccess = access ?? proof.access ?? null;
  const current = proof.revisions.at(-1)!;
  const earlier = proof.revisions.slice(0, -1);
  const asked = orderStatus === 'awaiting_proof' && proof.status === 'awaiting_approval';
  const body = (
    <>
      {statusLine(sent, orderStatus, statusRef)}
      {current.note && <p>What changed: {current.note}</p>}
      <p className="scroll-hint">
        Each proof is drawn at a readable size: scroll it sideways, or download its PDF.
      </p>
      <Lines aria-label="Proof of each label">
        {current.lines.map((line) => {
          const comment = current.changesRequested?.comments.find(
            (entry) => entry.lineId === line.lineId,
          );
          const drawing = proofPath(proof.orderId, line.lineId, proof.revision, 'svg', linkAccess);
          return (
            <li key={line.lineId}>
              <figure>
                <div
                  className="frame"
                  tabIndex={0}
                  role="group"
                  aria-label={`Proof of label ${line.lineNumber}, scrolls sideways`}
                >
                  <img
                    src={drawing}
                    {...proofImageSize(drawing)}
                    alt={`Proof of label ${line.lineNumber}: ${line.varies ?? (line.customText || 'no text')}`}
                  />
                </div>
                <figcaption>
                  Label {line.lineNumber}
                  {line.changed && proof.revision > 1 ? ' (changed)' : ''}
                  {line.varies ? `: ${line.varies}` : ''} ·{' '}
                  <a
                    href={proofPath(proof.orderId, line.lineId, proof.revision, 'pdf', linkAccess)}
                  >
                    Download PDF
                  </a>
                  {line.uploadedFile && (
                    <>
                      {' · '}
                      <a
                        href={proofPath(
                          proof.orderId,
                          line.lineId,
                          proof.revision,
                          'file',
                          linkAccess,
                        )}
                      >
                        Our proof file: {line.uploadedFile.originalName}
                      </a>
                    </>
                  )}
                  {comment && <> · You asked: “{comment.comment}”</>}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </Lines>
      {asked && (
        <Answer proof={proof} access={access} onAnswering={() => (answering.current = true)} />
      )}
      {earlier.length > 0 && (
        <Earlier>
          <summary>Earlier proofs ({earlier.length})</summary>
          <ul>
            {earlier.map((revision) => (
              <li key={revision.revision}>
                Revision {revision.revision}, {when(revision.createdAt)}
                {revision.changesRequested ? ': you asked for changes' : ''} ·{' '}
                {revision.lines.map((line) => (
                  <a
                    key={line.lineId}
                    href={proofPath(
                      proof.orderId,
                      line.lineId,
                      revision.revision,
                      'pdf',
                      linkAccess,
                    )}
                  >
                    label {line.lineNumber} PDF{' '}
                  </a>
                ))}
              </li>
            ))}
          </ul>
        </Earlier>
      )}
    </>
  );
  if (hasOutcome(orderStatus)) {
    return (
      <Section aria-label="Proof" data-proof-status={proof.status}>
        <Folded>
          <summary>{foldedSummary(sent, orderStatus)}</summary>
          <div>{body}</div>
        </Folded>
      </Section>
    );
  }
  return (
    <Section aria-labelledby="proof-heading" data-proof-status={proof.status}>
      <h2 id="proof-heading">Proof{proof.revision > 1 ? ` (revision ${proof.revision})` : ''}</h2>
      {body}
    </Section>
  );
}
