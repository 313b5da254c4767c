import http from "node:http";
import type { AddressInfo } from "node:net";

// A loopback fake of the Bot API's Stars payment methods (https://core.telegram.org/bots/api#payments):
// createInvoiceLink (answers an https://t.me/$<slug> link), answerPreCheckoutQuery and refundStarPayment
// (once per charge: a second refund of a charge is 400 CHARGE_ALREADY_REFUNDED).

export type FakeStarsApi = {
  url: string;
  invoices: Array<{
    title: string;
    description: string;
    payload: string;
    currency: string;
    prices: Array<{ label: string; amount: number }>;
  }>;
  answers: Array<{ pre_checkout_query_id: string; ok: boolean; error_message?: string }>;
  refunds: Array<{ user_id: number; telegram_payment_charge_id: string }>;
  /** While true, calls are never answered (the socket stays open until the caller gives up). */
  stall: boolean;
  close: () => Promise<void>;
};

export async function startFakeStarsApi({ token }: { token: string }): Promise<FakeStarsApi> {
  const fake: Omit<FakeStarsApi, "url" | "close"> = { invoices: [], answers: [], refunds: [], stall: false };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (fake.stall) return;
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
    if (!match || req.method !== "POST") return reply(404, { ok: false, error_code: 404, description: "Not Found" });
    if (match[1] !== token) return reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
    if (match[2] === "createInvoiceLink") {
      if (body.currency !== "XTR" || !Array.isArray(body.prices) || body.prices.length !== 1 || !body.payload) {
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: invalid invoice" });
      }
      fake.invoices.push(body);
      return reply(200, { ok: true, result: `https://t.me/$inv${fake.invoices.length}x${body.payload.slice(0, 8)}` });
    }
    if (match[2] === "refundStarPayment") {
      if (!Number.isInteger(body.user_id) || !body.telegram_payment_charge_id) {
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: invalid refund" });
      }
      // Telegram refunds a charge once; asking again is refused.
      if (fake.refunds.some((r) => r.telegram_payment_charge_id === body.telegram_payment_charge_id)) {
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: CHARGE_ALREADY_REFUNDED" });
      }
      fake.refunds.push(body);
      return reply(200, { ok: true, result: true });
    }
    if (match[2] === "answerPreCheckoutQuery") {
      fake.answers.push(body);
      return reply(200, { ok: true, result: true });
    }
    return reply(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
