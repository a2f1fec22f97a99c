import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { MAIL_KIND_LABELS } from '@shop/contracts/mail';
import {
  Badge,
  Button,
  formatShortDate,
  formatTime,
  MoreButton,
  QueryState,
  RowButton,
  SectionHeader,
  Table,
  TableHead,
  TableRegion,
  theme,
} from '@shop/ui';
import { useOutbox, type OutboxMessage } from '../api/get-outbox';
import { useShopTimeZone } from '../../../lib/shop-time-zone';

const Viewer = styled.section`
  margin-top: 1.5rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radiusSmall};
  header {
    padding: 0.75rem 1rem;
    border-bottom: 1px solid ${theme.colors.border};
    overflow-wrap: anywhere;
  }
  h3 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
  }
  p {
    margin: 0.125rem 0;
    color: ${theme.colors.muted};
    font-size: 0.875rem;
  }
  iframe {
    display: block;
    width: 100%;
    height: 36rem;
    border: 0;
    background: #fff;
  }
  pre {
    margin: 0;
    padding: 1rem;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-size: 0.875rem;
  }
  .switch {
    display: flex;
    gap: 0.5rem;
    margin-top: 0.5rem;
  }
`;

/**
 * Where the message stands. With no mail server configured nothing is sent: a handled message is
 * kept in the outbox, and says so rather than "Sent".
 */
function DeliveryBadge({ message, mailServer }: { message: OutboxMessage; mailServer: boolean }) {
  if (message.sentAt && !mailServer) return <Badge $tone="grey">Kept in the outbox</Badge>;
  if (message.sentAt) return <Badge $tone="green">Sent</Badge>;
  if (message.failedAt) return <Badge $tone="red">Not sent: refused</Badge>;
  if (message.error) return <Badge $tone="red">Retrying</Badge>;
  return <Badge $tone="yellow">Queued</Badge>;
}

function MessageViewer({ message }: { message: OutboxMessage }) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  // Opened below the list: the focus goes to it (and the view with it), so Open is seen to do
  // something. Focus alone: a second scroll of its own left a tab's click landing on the email.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Viewer aria-labelledby="message-subject">
      <header>
        <h3 id="message-subject" ref={heading} tabIndex={-1}>
          {message.subject}
        </h3>
        <p>To: {message.to}</p>
        {message.replyTo && <p>Reply-To: {message.replyTo}</p>}
        {message.error && (
          <p role="note">
            {message.failedAt
              ? `Refused by the mail server, not tried again: ${message.error}`
              : `Last attempt failed: ${message.error}`}
          </p>
        )}
        <div className="switch" role="group" aria-label="Show part">
          <Button
            type="button"
            $size="sm"
            $variant={part === 'html' ? 'primary' : 'secondary'}
            aria-pressed={part === 'html'}
            onClick={() => setPart('html')}
          >
            As the customer sees it
          </Button>
          <Button
            type="button"
            $size="sm"
            $variant={part === 'text' ? 'primary' : 'secondary'}
            aria-pressed={part === 'text'}
            onClick={() => setPart('text')}
          >
            Plain text
          </Button>
        </div>
      </header>
      {part === 'html' ? (
        // sandbox with no permissions: the message's HTML runs no script and reaches nothing.
        <iframe title={`Email: ${message.subject}`} sandbox="" srcDoc={message.html} />
      ) : (
        <pre>{message.text}</pre>
      )}
    </Viewer>
  );
}

/** Every email the shop queued, newest first, with each shown as the customer would see it. */
export function OutboxPanel() {
  const timeZone = useShopTimeZone();
  const outbox = useOutbox();
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = outbox.data?.pages.flatMap((page) => page.messages) ?? [];
  // The newest page's answer: whether the API has a mail server to send through now.
  const mailServer = outbox.data?.pages[0]?.mailServer ?? true;
  const open = messages.find((message) => message.id === openId) ?? null;

  const body = (
    <QueryState
      query={outbox}
      loading="Loading the outbox…"
      failed="Could not load the outbox"
      isEmpty={() => messages.length === 0}
      empty={
        <>
          <h3>No email yet</h3>
          <p>Order confirmations, shipping notices and enquiry replies appear here.</p>
        </>
      }
    >
      {() => (
        <>
          <TableRegion label="Outbox" narrow="cards">
            <Table>
              <TableHead columns={['Subject', 'To', 'Kind', 'Queued', 'Delivery']} actions />
              <tbody>
                {messages.map((message) => (
                  <tr key={message.id} aria-selected={message.id === openId}>
                    <th scope="row" className="wrap">
                      {message.subject}
                    </th>
                    <td className="wrap">{message.to}</td>
                    <td className="nowrap">{MAIL_KIND_LABELS[message.kind] ?? message.kind}</td>
                    <td className="nowrap">
                      {formatShortDate(message.createdAt, timeZone)}{' '}
                      {formatTime(message.createdAt, timeZone)}
                    </td>
                    <td>
                      <DeliveryBadge message={message} mailServer={mailServer} />
                    </td>
                    <td className="actions">
                      <RowButton
                        type="button"
                        aria-label={`Open email: ${message.subject}`}
                        onClick={() => setOpenId(message.id)}
                      >
                        Open
                      </RowButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableRegion>
          <MoreButton pages={outbox} label="Older messages" busyLabel="Loading…" />
          {open && <MessageViewer key={open.id} message={open} />}
        </>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="outbox-heading">
      <SectionHeader>
        <div>
          <h2 id="outbox-heading">Outbox</h2>
          <p>
            {mailServer
              ? 'Email the shop sends, newest first. Queued messages are retried until sent, unless the mail server refuses one for good.'
              : 'No mail server is configured (MAIL_URL), so nothing is sent: every message is kept here, newest first, as the customer would see it.'}
          </p>
        </div>
        <Button type="button" $variant="secondary" onClick={() => void outbox.refetch()}>
          Refresh
        </Button>
      </SectionHeader>
      {body}
    </section>
  );
}
