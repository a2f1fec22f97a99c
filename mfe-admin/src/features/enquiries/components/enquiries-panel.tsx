import { useRef, useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  formatShortDate,
  formatTime,
  MoreButton,
  QueryState,
  SectionHeader,
  SelectField,
  theme,
} from '@shop/ui';
import { useEnquiries, useMarkHandled, type EnquiryState } from '../api/enquiries';
import { useShopTimeZone } from '../../../lib/shop-time-zone';

const List = styled.ul`
  display: grid;
  gap: 0.75rem;
  margin: 0 0 1rem;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  padding: 1rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
  h3 {
    margin: 0;
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
  .meta {
    margin: 0.25rem 0 0;
    color: ${theme.colors.muted};
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }
  .message {
    margin: 0.75rem 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  a {
    color: ${theme.colors.brand};
  }
`;

const Filter = styled.div`
  min-width: 10rem;
`;

/** Enquiries from the contact page, newest first; each is marked handled once answered. */
export function EnquiriesPanel() {
  const timeZone = useShopTimeZone();
  const [state, setState] = useState<EnquiryState>('new');
  const enquiries = useEnquiries(state);
  const mark = useMarkHandled();
  // A marked enquiry leaves the list it was in (New, Handled) with its button, which had the focus:
  // the list's heading takes it, so the keyboard keeps its place instead of falling to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const markAndKeepPlace = (button: HTMLButtonElement, id: string, handled: boolean) =>
    mark.mutate(
      { id, handled },
      {
        onSuccess: () =>
          setTimeout(() => {
            if (!button.isConnected) heading.current?.focus();
          }),
      },
    );
  const items = enquiries.data?.pages.flatMap((page) => page.enquiries) ?? [];

  const body = (
    <QueryState
      query={enquiries}
      loading="Loading enquiries…"
      failed="Could not load enquiries"
      isEmpty={() => items.length === 0}
      empty={
        <>
          <h3>{state === 'new' ? 'No enquiries waiting' : 'No enquiries'}</h3>
          <p>
            Messages from the contact page appear here; the page promises a reply within 24 hours.
          </p>
        </>
      }
    >
      {() => (
        <>
          <List aria-label="Enquiries">
            {items.map((enquiry) => (
              <Card key={enquiry.id} aria-labelledby={`enquiry-${enquiry.id}`}>
                <header>
                  <h3 id={`enquiry-${enquiry.id}`}>
                    {enquiry.name}
                    {enquiry.company ? `, ${enquiry.company}` : ''}
                  </h3>
                  {enquiry.handledAt ? (
                    <Badge $tone="green">Handled</Badge>
                  ) : (
                    <Badge $tone="yellow">New</Badge>
                  )}
                </header>
                <p className="meta">
                  <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a> ·{' '}
                  {formatShortDate(enquiry.createdAt, timeZone)}{' '}
                  {formatTime(enquiry.createdAt, timeZone)}
                  {enquiry.handledAt &&
                    ` · handled by ${enquiry.handledBy ?? 'an admin'} ${formatShortDate(enquiry.handledAt, timeZone)}`}
                </p>
                <p className="message">{enquiry.message}</p>
                <div className="actions">
                  <Button
                    type="button"
                    $size="sm"
                    $variant={enquiry.handledAt ? 'secondary' : 'primary'}
                    disabled={mark.isPending}
                    aria-label={`${enquiry.handledAt ? 'Mark as new' : 'Mark handled'}: ${enquiry.name}`}
                    onClick={(event) =>
                      markAndKeepPlace(event.currentTarget, enquiry.id, !enquiry.handledAt)
                    }
                  >
                    {enquiry.handledAt ? 'Mark as new' : 'Mark handled'}
                  </Button>
                </div>
              </Card>
            ))}
          </List>
          <MoreButton pages={enquiries} label="Older enquiries" />
        </>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="enquiries-heading">
      <SectionHeader>
        <div>
          <h2 id="enquiries-heading" ref={heading} tabIndex={-1}>
            Enquiries
          </h2>
          <p>Questions from the contact page, newest first. Reply by email, then mark handled.</p>
        </div>
        <Filter>
          <SelectField
            label="Show"
            value={state}
            onChange={(event) => setState(event.target.value as EnquiryState)}
          >
            <option value="new">New</option>
            <option value="handled">Handled</option>
            <option value="all">All</option>
          </SelectField>
        </Filter>
      </SectionHeader>
      {body}
    </section>
  );
}
