import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/** An enquiry sent from the contact page, kept until someone at the shop has answered it. */
const contactEnquirySchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    company: { type: String, default: '' },
    message: { type: String, required: true },
    /** The guest session id (x-session-id) it came from, to find the shopper's cart when answering. */
    sessionId: { type: String, default: null },
    status: { type: String, enum: ['new', 'answered'], default: 'new' },
    /** When and by which admin it was marked handled (answered). */
    handledAt: { type: Date, default: null },
    handledBy: { type: String, default: null },
  },
  { timestamps: true, collection: 'contact_enquiries' },
);

// The admin's list, newest first by _id: all of them (the _id index) or those of one state.
contactEnquirySchema.index({ status: 1, _id: -1 });

export type ContactEnquiryDocument = InferSchemaType<typeof contactEnquirySchema>;

export const ContactEnquiryModel = mongoose.model('ContactEnquiry', contactEnquirySchema);
