import type { ContactEnquiry } from '@shop/contracts';
import { ContactEnquiryModel } from './model';

export interface StoredEnquiry extends ContactEnquiry {
  id: string;
  sessionId: string | null;
  status: 'new' | 'answered';
  createdAt: Date;
}

export async function insertEnquiry(
  enquiry: ContactEnquiry & { sessionId: string | null },
): Promise<StoredEnquiry> {
  const created = await ContactEnquiryModel.create(enquiry);
  return toStoredEnquiry(created.toObject());
}

export async function findEnquiryById(id: string): Promise<StoredEnquiry | null> {
  const found = await ContactEnquiryModel.findById(id).lean();
  return found ? toStoredEnquiry(found) : null;
}

function toStoredEnquiry(doc: {
  _id: unknown;
  name: string;
  email: string;
  company?: string | null;
  message: string;
  sessionId?: string | null;
  status?: string | null;
  createdAt: Date;
}): StoredEnquiry {
  return {
    id: String(doc._id),
    name: doc.name,
    email: doc.email,
    company: doc.company ?? '',
    message: doc.message,
    sessionId: doc.sessionId ?? null,
    status: doc.status === 'answered' ? 'answered' : 'new',
    createdAt: doc.createdAt,
  };
}
