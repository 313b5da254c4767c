import { describe, expect, it } from "vitest";
import { isInvoiceLink } from "@/lib/client/telegram-links";

describe("isInvoiceLink", () => {
  it("accepts the messenger's invoice links", () => {
    expect(isInvoiceLink("https://t.me/$kJNFS331")).toBe(true);
    expect(isInvoiceLink("https://t.me/invoice/kJNFS331")).toBe(true);
  });
  it("accepts every slug character the host accepts, and nothing past the slug", () => {
    expect(isInvoiceLink("https://t.me/$Ab_c-9=")).toBe(true);
    expect(isInvoiceLink("https://t.me/invoice/QUJD==")).toBe(true);
    expect(isInvoiceLink("https://t.me/$abc/def")).toBe(false);
    expect(isInvoiceLink("https://t.me/$abc?x=1")).toBe(false);
  });
  it("rejects other hosts, paths and payment pages", () => {
    expect(isInvoiceLink("https://t.me/some_bot")).toBe(false);
    expect(isInvoiceLink("https://evil.example/$abc")).toBe(false);
    expect(isInvoiceLink("https://yoomoney.ru/checkout/payments/v2/contract?orderId=1")).toBe(false);
    expect(isInvoiceLink("http://t.me/$abc")).toBe(false);
  });
});
