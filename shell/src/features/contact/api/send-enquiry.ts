import { contactEnquiryCreatedSchema } from '@shop/contracts/contact';
import { useMutation } from '@tanstack/react-query';
import type { ContactEnquiry, ContactEnquiryCreated } from '@shop/contracts';
import { apiJson } from 'shell/store';

/** POST /api/contact: the API stores the enquiry and answers 201 { id }. */
export function sendEnquiry(enquiry: ContactEnquiry): Promise<ContactEnquiryCreated> {
  return apiJson<unknown>('/api/contact', { method: 'POST', body: enquiry }).then((answer) =>
    contactEnquiryCreatedSchema.parse(answer),
  );
}

export function useSendEnquiry() {
  return useMutation({ mutationFn: sendEnquiry });
}
