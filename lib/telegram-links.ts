// Invoice links live on the messenger's link host, with an invoice path plus slug (docs/product/screens.md)
// (https://t.me/$<slug> or https://t.me/invoice/<slug>).
// Slugs use every character the host accepts: letters, digits, "_", "-" and base64's "=".
const INVOICE_LINK = /^https:\/\/t\.me\/(?:\$|invoice\/)[A-Za-z0-9_=-]+$/;

export const isInvoiceLink = (url: string): boolean => INVOICE_LINK.test(url);
