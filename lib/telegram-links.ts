// SPEC.md section 5: invoice links live on the messenger's link host, with an invoice path plus slug
// (https://t.me/$<slug> or https://t.me/invoice/<slug>).
const INVOICE_LINK = /^https:\/\/t\.me\/(?:\$|invoice\/)[\w-]+$/;

export const isInvoiceLink = (url: string): boolean => INVOICE_LINK.test(url);
