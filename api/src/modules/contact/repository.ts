import { Types } from 'mongoose';
import type { z } from 'zod';
import type { ContactEnquiry, adminEnquiriesQuerySchema } from '@shop/contracts';
import { pageOf, trusted, type KeyPage } from '../../platform/db';
import { ContactEnquiryModel, type ContactEnquiryDocument } from './model';

export interface StoredEnquiry extends ContactEnquiry {
  id: string;
  sessionId: string | null;
  status: 'new' | 'answered';
  createdAt: Date;
  handledAt: Date | null;
  handledBy: string | null;
}

export async function insertEnquiry(
  enquiry: ContactEnquiry & { sessionId: string | null },
): Promise<StoredEnquiry> {
  const created = await ContactEnquiryModel.create(enquiry);
  return toStoredEnquiry(created.toObject());
}

/** A page, newest first, after the id `before`; state narrows to new or handled ones. */
export async function listEnquiries({
  before,
  limit,
  state,
}: z.output<typeof adminEnquiriesQuerySchema>): Promise<KeyPage<StoredEnquiry>> {
  const filter: Record<string, unknown> = {};
  if (before) filter._id = trusted({ $lt: new Types.ObjectId(before) });
  if (state === 'new') filter.status = 'new';
  if (state === 'handled') filter.status = 'answered';
  const found = await ContactEnquiryModel.find(filter)
    .sort({ _id: -1 })
    .limit(limit + 1)
    .lean();
  const { items, next } = pageOf(found, limit);
  return { items: items.map(toStoredEnquiry), next };
}

export async function setEnquiryHandled(
  id: string,
  handled: { at: Date; by: string } | null,
): Promise<StoredEnquiry | null> {
  const updated = await ContactEnquiryModel.findByIdAndUpdate(
    id,
    {
      $set: handled
        ? { status: 'answered', handledAt: handled.at, handledBy: handled.by }
        : { status: 'new', handledAt: null, handledBy: null },
    },
    { new: true },
  ).lean();
  return updated ? toStoredEnquiry(updated) : null;
}

function toStoredEnquiry(doc: ContactEnquiryDocument & { _id: unknown }): StoredEnquiry {
  return {
    id: String(doc._id),
    name: doc.name,
    email: doc.email,
    company: doc.company ?? '',
    message: doc.message,
    sessionId: doc.sessionId ?? null,
    status: doc.status === 'answered' ? 'answered' : 'new',
    createdAt: doc.createdAt,
    handledAt: doc.handledAt ?? null,
    handledBy: doc.handledBy ?? null,
  };
}
