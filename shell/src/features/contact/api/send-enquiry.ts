import { useState } from 'react';
import { contactEnquiryCreatedSchema } from '@shop/contracts/contact';
import type { ContactEnquiry, ContactEnquiryCreated } from '@shop/contracts';
import { apiJson } from '../../../store/session';

/** POST /api/contact: the API stores the enquiry and answers 201 { id }. */
export function sendEnquiry(enquiry: ContactEnquiry): Promise<ContactEnquiryCreated> {
  return apiJson<unknown>('/api/contact', { method: 'POST', body: enquiry }).then((answer) =>
    contactEnquiryCreatedSchema.parse(answer),
  );
}

interface SendHandlers {
  onSuccess(created: ContactEnquiryCreated): void;
  onError(error: unknown): void;
}

/** Sends an enquiry, pending until the API answers (the form's button says Sending… meanwhile). */
export function useSendEnquiry() {
  const [isPending, setPending] = useState(false);
  const mutate = (enquiry: ContactEnquiry, { onSuccess, onError }: SendHandlers) => {
    setPending(true);
    sendEnquiry(enquiry)
      .then(onSuccess, onError)
      .finally(() => setPending(false));
  };
  return { mutate, isPending };
}
