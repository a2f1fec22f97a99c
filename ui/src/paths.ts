/** Where a shopper asks for more labels than a line holds: the contact page's enquiry form. */
export const QUOTE_PATH = '/contact#send-message';
