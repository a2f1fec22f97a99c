import { z } from 'zod';
import { keyPageQuerySchema } from './paging';

/** Limits of the contact page's enquiry form (the API checks the same schema). */
export const ENQUIRY_LIMITS = {
  name: 100,
  email: 254,
  company: 120,
  messageMin: 10,
  messageMax: 2000,
} as const;

/** Text, trimmed; `missing` is the message when the field is absent or not text. */
const trimmed = (missing: string) => z.string({ error: missing }).trim();

/** POST /api/contact: an enquiry from the contact page. The answer is 201 { id }. */
export const contactEnquirySchema = z.object({
  name: trimmed('Please enter your name')
    .min(1, 'Please enter your name')
    .max(ENQUIRY_LIMITS.name, `Name must be at most ${ENQUIRY_LIMITS.name} characters`),
  email: trimmed('Please enter your email address')
    .min(1, 'Please enter your email address')
    .max(ENQUIRY_LIMITS.email, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  company: trimmed('Company must be text')
    .max(ENQUIRY_LIMITS.company, `Company must be at most ${ENQUIRY_LIMITS.company} characters`)
    .optional()
    .default(''),
  message: trimmed('Please enter your message')
    .min(
      ENQUIRY_LIMITS.messageMin,
      `Please tell us a little more (at least ${ENQUIRY_LIMITS.messageMin} characters)`,
    )
    .max(
      ENQUIRY_LIMITS.messageMax,
      `Message must be at most ${ENQUIRY_LIMITS.messageMax} characters`,
    ),
});

export type ContactEnquiry = z.output<typeof contactEnquirySchema>;
export type ContactEnquiryInput = z.input<typeof contactEnquirySchema>;

export interface ContactEnquiryCreated {
  id: string;
}

/** An enquiry as the admin's Enquiries tab lists it (GET /api/admin/enquiries, newest first). */
export interface AdminEnquiry {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
}

/** GET /api/admin/enquiries?before={id}&limit=&state=new|handled|all */
export const adminEnquiriesQuerySchema = keyPageQuerySchema('an enquiry').extend({
  state: z
    .enum(['new', 'handled', 'all'], { error: 'state must be new, handled or all' })
    .default('all'),
});

export interface AdminEnquiryPage {
  enquiries: AdminEnquiry[];
  nextBefore: string | null;
}

/** PATCH /api/admin/enquiries/{id} */
export const updateEnquirySchema = z.object({
  handled: z.boolean({ error: 'handled must be true or false' }),
});

/** 201 of POST /api/contact. */
export const contactEnquiryCreatedSchema = z.object({
  id: z.string(),
}) satisfies z.ZodType<ContactEnquiryCreated>;
