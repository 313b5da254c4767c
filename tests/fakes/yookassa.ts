import crypto from "node:crypto";
import http from "node:http";
import { listenOnLoopback, sendJson } from "./loopback";

// A loopback fake of YooKassa API v3 (https://yookassa.ru/developers/api): Basic auth
// shopId:secretKey, a required Idempotence-Key on POST (a repeated key returns the first answer),
// POST /payments (redirect confirmation or a charge of a saved payment_method_id),
// GET /payments/{id}, POST /payments/{id}/cancel (only while waiting_for_capture),
// POST /refunds (of a succeeded payment, in parts up to its amount) and GET /refunds/{id}.

export type FakePayment = {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  paid: boolean;
  amount: { value: string; currency: string };
  description?: string;
  metadata?: Record<string, string>;
  confirmation?: { type: "redirect"; confirmation_url: string; return_url: string };
  payment_method?: { type: string; id: string; saved: boolean };
  save_payment_method?: boolean;
  created_at: string;
};

export type FakeRefund = {
  id: string;
  payment_id: string;
  status: "pending" | "succeeded" | "canceled";
  amount: { value: string; currency: string };
  created_at: string;
};

export type FakeRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: any };

export type FakeYookassa = {
  /** Base URL to use as YOOKASSA_API_URL (ends with /v3). */
  url: string;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  requests: FakeRequest[];
  /** Status a charge of a saved method ends in (default succeeded). */
  chargeOutcome: "succeeded" | "canceled" | "pending";
  /** Status a refund made through the API starts in (default succeeded; pending: settled by `settleRefund`). */
  refundOutcome: "succeeded" | "pending";
  /** Answers the next POSTs give before one is processed: 202 processing, no answer, or a 5xx (consumed in order). */
  postFaults: Array<"processing" | "stall" | 500 | 503>;
  /** Reads (GET /payments/{id}) that never answer, or answer with this error, until reset. */
  readFault: null | "stall" | { status: number; description: string };
  markSucceeded(id: string): FakePayment;
  markCanceled(id: string): FakePayment;
  /** A refund the shop made in YooKassa's own dashboard (not through the API). */
  refundInDashboard(paymentId: string): FakeRefund;
  /** A pending refund succeeds. */
  settleRefund(id: string): FakeRefund;
  /** The notification YooKassa would POST for a refund. */
  refundNotification(id: string): { type: "notification"; event: string; object: FakeRefund };
  /** The notification YooKassa would POST to the webhook for this payment. */
  notification(id: string): { type: "notification"; event: string; object: FakePayment };
  close(): Promise<void>;
};

const error = (res: http.ServerResponse, status: number, code: string, description: string) =>
  sendJson(res, status, { type: "error", id: crypto.randomUUID(), code, description });

export async function startFakeYookassa({
  shopId,
  secretKey,
}: {
  shopId: string;
  secretKey: string;
}): Promise<FakeYookassa> {
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  // Refunded so far per payment: YooKassa takes partial refunds up to the payment's amount.
  const refundedOf = (paymentId: string) =>
    [...refunds.values()].filter((r) => r.payment_id === paymentId).reduce((sum, r) => sum + Number(r.amount.value), 0);
  const addRefund = (p: FakePayment, amount: FakePayment["amount"] = p.amount): FakeRefund => {
    const r: FakeRefund = {
      id: crypto.randomUUID(),
      payment_id: p.id,
      status: fake.refundOutcome,
      amount: structuredClone(amount),
      created_at: new Date().toISOString(),
    };
    refunds.set(r.id, r);
    return r;
  };
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: FakeRequest[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString("base64")}`;

  const fake: FakeYookassa = {
    url: "",
    payments,
    refunds,
    requests,
    chargeOutcome: "succeeded",
    refundOutcome: "succeeded",
    postFaults: [],
    readFault: null,
    markSucceeded(id) {
      const p = payments.get(id)!;
      p.status = "succeeded";
      p.paid = true;
      p.payment_method = {
        type: "bank_card",
        id: p.payment_method?.id ?? `pm-${crypto.randomUUID()}`,
        saved: Boolean(p.save_payment_method),
      };
      return p;
    },
    markCanceled(id) {
      const p = payments.get(id)!;
      p.status = "canceled";
      return p;
    },
    refundInDashboard(paymentId) {
      return addRefund(payments.get(paymentId)!);
    },
    settleRefund(id) {
      const r = refunds.get(id)!;
      r.status = "succeeded";
      return r;
    },
    refundNotification(id) {
      const r = refunds.get(id)!;
      return { type: "notification", event: `refund.${r.status}`, object: structuredClone(r) };
    },
    notification(id) {
      const p = payments.get(id)!;
      return { type: "notification", event: `payment.${p.status}`, object: structuredClone(p) };
    },
    close: async () => {},
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const body = raw ? JSON.parse(raw) : undefined;
    const path = (req.url ?? "").replace(/^\/v3/, "");
    requests.push({ method: req.method!, path, headers: req.headers, body });
    if (req.headers.authorization !== expectedAuth)
      return error(res, 401, "invalid_credentials", "Authentication by given credentials failed");

    if (req.method === "POST") {
      const key = req.headers["idempotence-key"];
      if (typeof key !== "string" || !key) return error(res, 400, "invalid_request", "Idempotence key not specified");
      const seen = idempotent.get(key);
      if (seen) return sendJson(res, seen.status, seen.body);
      const fault = fake.postFaults.shift();
      // YooKassa: "accepted, not finished, repeat with the same key after retry_after ms".
      if (fault === "processing")
        return sendJson(res, 202, { type: "processing", description: "Request accepted", retry_after: 50 });
      if (fault === "stall") return; // the socket stays open until the caller gives up
      if (fault) return error(res, fault, "internal_server_error", "Internal server error");
      const answer = handlePost(path, body);
      // YooKassa keeps the first answer for the key (24 h) and replays it.
      idempotent.set(key, answer);
      return sendJson(res, answer.status, answer.body);
    }
    const match = /^\/payments\/([^/]+)$/.exec(path);
    if (req.method === "GET" && match) {
      if (fake.readFault === "stall") return; // the socket stays open until the caller gives up
      if (fake.readFault) return error(res, fake.readFault.status, "internal_server_error", fake.readFault.description);
      const p = payments.get(decodeURIComponent(match[1]));
      return p ? sendJson(res, 200, p) : error(res, 404, "not_found", "Payment not found");
    }
    const refund = /^\/refunds\/([^/]+)$/.exec(path);
    if (req.method === "GET" && refund) {
      const r = refunds.get(decodeURIComponent(refund[1]));
      return r ? sendJson(res, 200, r) : error(res, 404, "not_found", "Refund not found");
    }
    return error(res, 404, "not_found", "Unknown path");
  });

  function handlePost(path: string, body: any): { status: number; body: unknown } {
    if (path === "/payments") {
      if (!body?.amount?.value || body.amount.currency !== "RUB")
        return { status: 400, body: { type: "error", code: "invalid_request", parameter: "amount" } };
      const id = crypto.randomUUID();
      const p: FakePayment = {
        id,
        status: "pending",
        paid: false,
        amount: body.amount,
        description: body.description,
        metadata: body.metadata,
        save_payment_method: body.save_payment_method,
        created_at: new Date().toISOString(),
      };
      if (body.payment_method_id) {
        // A charge of a saved method: no confirmation, the outcome the test chose.
        p.payment_method = { type: "bank_card", id: body.payment_method_id, saved: true };
        p.status = fake.chargeOutcome;
        p.paid = fake.chargeOutcome === "succeeded";
      } else {
        if (body.confirmation?.type !== "redirect")
          return { status: 400, body: { type: "error", code: "invalid_request", parameter: "confirmation" } };
        p.confirmation = {
          type: "redirect",
          return_url: body.confirmation.return_url,
          confirmation_url: `https://yoomoney.fake/checkout/payments/v2/contract?orderId=${id}`,
        };
      }
      payments.set(id, p);
      return { status: 200, body: structuredClone(p) };
    }
    const cancel = /^\/payments\/([^/]+)\/cancel$/.exec(path);
    if (cancel) {
      const p = payments.get(decodeURIComponent(cancel[1]));
      if (!p) return { status: 404, body: { type: "error", code: "not_found" } };
      if (p.status !== "waiting_for_capture")
        return {
          status: 400,
          body: { type: "error", code: "invalid_request", description: "Payment is not waiting for capture" },
        };
      p.status = "canceled";
      return { status: 200, body: structuredClone(p) };
    }
    if (path === "/refunds") {
      const p = payments.get(body?.payment_id);
      if (!p) return { status: 404, body: { type: "error", code: "not_found" } };
      if (p.status !== "succeeded" || Number(body.amount?.value) + refundedOf(p.id) > Number(p.amount.value) + 0.001) {
        return {
          status: 400,
          body: {
            type: "error",
            code: "invalid_request",
            description: "The payment cannot be refunded for this amount",
          },
        };
      }
      return { status: 200, body: structuredClone(addRefund(p, body.amount)) };
    }
    return { status: 404, body: { type: "error", code: "not_found" } };
  }

  const loopback = await listenOnLoopback(server);
  fake.url = `${loopback.origin}/v3`;
  fake.close = loopback.close;
  return fake;
}
