import { useMutation } from '@tanstack/react-query';
import type { ContactEnquiry, ContactEnquiryCreated } from '@shop/contracts';
import { apiJson } from 'shell/store';

/** POST /api/contact: the API stores the enquiry and answers 201 { id }. */
export function sendEnquiry(enquiry: ContactEnquiry): Promise<ContactEnquiryCreated> {
  return apiJson<ContactEnquiryCreated>('/api/contact', { method: 'POST', body: enquiry });
}

export function useSendEnquiry() {
  return useMutation({ mutationFn: sendEnquiry });
}
