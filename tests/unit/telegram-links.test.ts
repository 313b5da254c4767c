import { describe, expect, it } from "vitest";
import { isInvoiceLink } from "@/lib/telegram-links";

describe("isInvoiceLink", () => {
  it("accepts the messenger's invoice links", () => {
    expect(isInvoiceLink("https://t.me/$kJNFS331")).toBe(true);
    expect(isInvoiceLink("https://t.me/invoice/kJNFS331")).toBe(true);
  });
  it("rejects other hosts, paths and payment pages", () => {
    expect(isInvoiceLink("https://t.me/some_bot")).toBe(false);
    expect(isInvoiceLink("https://evil.example/$abc")).toBe(false);
    expect(isInvoiceLink("https://yoomoney.ru/checkout/payments/v2/contract?orderId=1")).toBe(false);
    expect(isInvoiceLink("http://t.me/$abc")).toBe(false);
  });
});
