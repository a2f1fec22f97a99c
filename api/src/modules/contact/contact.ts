import type { AdminEnquiry, AdminEnquiryPage, ContactEnquiry } from '@shop/contracts';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { attemptLimiter, recipientKey } from '../../platform/rate-limit';
import { enquiryForward, enquiryReceived, queueMails } from '../mail/mail';
import { insertEnquiry, listEnquiries, setEnquiryHandled, type StoredEnquiry } from './repository';

/**
 * Acknowledgements mailed to one address (any case), from every network together: 5 an hour. The
 * address is whatever the form was given, so without it enquiries from many networks (each allowed
 * its own 5 per 15 minutes) could mail a stranger without end. Past it the enquiry is kept and
 * forwarded all the same, and the answer is too; only the acknowledgement is left out.
 */
const acknowledgementsToAddressLimit = attemptLimiter('enquiry-received:to', 5, 60 * 60 * 1000);

/**
 * Keeps an enquiry from the contact page for the shop to answer (within 24 hours, as the page promises),
 * forwards it to the shop with Reply-To set to the shopper, and acknowledges it to the shopper (up to
 * acknowledgementsToAddressLimit). The log line names it by id only: the shopper's details stay in
 * the database.
 */
export async function receiveEnquiry(
  enquiry: ContactEnquiry,
  { sessionId, logger, config }: { sessionId: string | null; logger: Logger; config: Config },
): Promise<StoredEnquiry> {
  const acknowledged = await acknowledgementsToAddressLimit.claim(recipientKey(enquiry.email));
  const stored = await insertEnquiry({ ...enquiry, sessionId });
  logger.info({ enquiryId: stored.id }, 'Contact enquiry received');
  // The shop's copy and the shopper's acknowledgement, queued together (one insert of each kind).
  await queueMails([
    {
      key: `enquiry_forward:${stored.id}`,
      kind: 'enquiry_forward',
      to: config.shop.email,
      replyTo: stored.email,
      rendered: enquiryForward(stored, config.shop),
    },
    ...(acknowledged.allowed
      ? [
          {
            key: `enquiry_received:${stored.id}`,
            kind: 'enquiry_received' as const,
            to: stored.email,
            rendered: enquiryReceived(config.shop),
          },
        ]
      : []),
  ]);
  return stored;
}

function toAdminEnquiry(enquiry: StoredEnquiry): AdminEnquiry {
  return {
    id: enquiry.id,
    name: enquiry.name,
    email: enquiry.email,
    company: enquiry.company,
    message: enquiry.message,
    createdAt: enquiry.createdAt.toISOString(),
    handledAt: enquiry.handledAt?.toISOString() ?? null,
    handledBy: enquiry.handledBy,
  };
}

export async function enquiryPage(
  query: Parameters<typeof listEnquiries>[0],
): Promise<AdminEnquiryPage> {
  const { items, next } = await listEnquiries(query);
  return { enquiries: items.map(toAdminEnquiry), nextBefore: next };
}

export async function markEnquiryHandled(
  id: string,
  handled: boolean,
  by: string,
): Promise<AdminEnquiry> {
  const updated = await setEnquiryHandled(id, handled ? { at: new Date(), by } : null);
  if (!updated) throw AppError.notFound('Enquiry not found');
  return toAdminEnquiry(updated);
}
