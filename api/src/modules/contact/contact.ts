import type { ContactEnquiry } from '@shop/contracts';
import type { Logger } from '../../platform/logger';
import { insertEnquiry, type StoredEnquiry } from './repository';

/**
 * Keeps an enquiry from the contact page for the shop to answer (within 24 hours, as the page promises).
 * The log line names it by id only: the shopper's details stay in the database.
 */
export async function receiveEnquiry(
  enquiry: ContactEnquiry,
  { sessionId, logger }: { sessionId: string | null; logger: Logger },
): Promise<StoredEnquiry> {
  const stored = await insertEnquiry({ ...enquiry, sessionId });
  logger.info({ enquiryId: stored.id }, 'Contact enquiry received');
  return stored;
}
