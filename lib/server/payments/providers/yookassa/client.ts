import "server-only";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import type { CallOptions, PaymentProvider, ProviderPayment, ProviderStatus } from "../types";

// YooKassa API v3 (https://yookassa.ru/developers/api): Basic auth shopId:secretKey, an
// Idempotence-Key on every POST (our payment id, so a retried create returns the same payment),
// one-stage payments (capture: true) confirmed by redirect, saved methods for auto-payment.

type YooPayment = {
  id: string;
  status: ProviderStatus;
  amount: { value: string; currency: string };
  confirmation?: { type: string; confirmation_url?: string };
  payment_method?: { id: string; saved?: boolean };
  metadata?: Record<string, string>;
};

const amountValue = (kopecks: number) => (kopecks / 100).toFixed(2);

function authHeader(): string {
  if (!env.YOOKASSA_SHOP_ID || !env.YOOKASSA_SECRET_KEY) {
    throw new ApiError("internal", "YooKassa is selected but YOOKASSA_SHOP_ID / YOOKASSA_SECRET_KEY are not set");
  }
  return `Basic ${Buffer.from(`${env.YOOKASSA_SHOP_ID}:${env.YOOKASSA_SECRET_KEY}`).toString("base64")}`;
}

const DEFAULT_TIMEOUT_MS = 15_000;
// How long one call keeps repeating an answer that is not final (202 processing, 5xx, no answer).
const DEFAULT_RETRY_WINDOW_MS = 12_000;
const MAX_WAIT_MS = 3000;

/**
 * YooKassa accepted or may have accepted the request but gave no final answer in time: the payment
 * may exist. Nothing may treat it as failed; its notification or a later re-fetch settles it.
 */
export class PaymentOutcomeUnknownError extends ApiError {
  constructor(detail: string) {
    super("service_unavailable", "The payment provider did not answer in time, try again in a minute");
    this.retryAfterSeconds = 60;
    this.cause = detail;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One API call. A POST answered with 202 `{type: "processing", retry_after}` (milliseconds) or a
 * 5xx, or not answered at all, is repeated with the SAME Idempotence-Key (YooKassa then answers the
 * first request's result, never a second payment) until a final answer or the retry window ends.
 */
async function request<T = YooPayment>(
  method: "GET" | "POST",
  path: string,
  options: { body?: unknown; idempotenceKey?: string; retryWindowMs?: number } & CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { authorization: authHeader(), "content-type": "application/json" };
  if (options.idempotenceKey) headers["idempotence-key"] = options.idempotenceKey;
  // A call given its own short timeout (a user's request, a webhook) is tried once. Within a retry
  // window no attempt outlives the window: it is the whole call's deadline.
  const window = options.retryWindowMs ?? (options.timeoutMs ? 0 : DEFAULT_RETRY_WINDOW_MS);
  const deadline = Date.now() + window;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  for (let attempt = 1; ; attempt++) {
    let res: Response | undefined;
    let failure: string;
    let wait = Math.min(MAX_WAIT_MS, 500 * 2 ** (attempt - 1));
    try {
      res = await fetch(`${env.YOOKASSA_API_URL.replace(/\/$/, "")}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(window > 0 ? Math.max(1, Math.min(timeoutMs, deadline - Date.now())) : timeoutMs),
      });
    } catch (error) {
      res = undefined;
      failure = `no answer: ${(error as Error).message}`;
    }
    if (res) {
      const text = await res.text();
      if (res.status === 202) {
        const retryAfter = Number((JSON.parse(text || "{}") as { retry_after?: unknown }).retry_after);
        if (Number.isFinite(retryAfter) && retryAfter > 0) wait = Math.min(MAX_WAIT_MS, retryAfter);
        failure = "202 processing";
      } else if (res.status >= 500) {
        failure = `${res.status}`;
      } else {
        if (res.status === 404) throw new ApiError("not_found", "YooKassa does not know this payment");
        if (!res.ok) throw new ApiError("bad_gateway", `YooKassa answered ${res.status}: ${text.slice(0, 300)}`);
        return JSON.parse(text) as T;
      }
    }
    // A GET can simply be asked again later; a POST's outcome is unknown until YooKassa answers it.
    if (Date.now() + wait > deadline) {
      if (method === "POST") throw new PaymentOutcomeUnknownError(failure!);
      throw new ApiError("bad_gateway", `YooKassa gave no final answer: ${failure!}`);
    }
    await sleep(wait);
  }
}

const toProviderPayment = (p: YooPayment): ProviderPayment => ({
  providerPaymentId: p.id,
  status: p.status,
  amountKopecks: Math.round(Number(p.amount.value) * 100),
  paymentUrl: p.confirmation?.confirmation_url,
  savedPaymentMethodId: p.payment_method?.saved ? p.payment_method.id : undefined,
  ourPaymentId: p.metadata?.payment_id,
});

// YooKassa limits the description to 128 characters.
const describe = (text: string) => text.slice(0, 128);

/** A 54-FZ receipt when YOOKASSA_VAT_CODE is configured and the payer gave an email. */
const receipt = ({
  amountKopecks,
  description,
  email,
}: {
  amountKopecks: number;
  description: string;
  email?: string | null;
}) =>
  env.YOOKASSA_VAT_CODE && email
    ? {
        receipt: {
          customer: { email },
          items: [
            {
              description: description.slice(0, 128),
              quantity: "1.00",
              amount: { value: amountValue(amountKopecks), currency: "RUB" },
              vat_code: env.YOOKASSA_VAT_CODE,
              payment_mode: "full_payment",
              payment_subject: "service",
            },
          ],
        },
      }
    : {};

/** A payment as YooKassa's API holds it now (the webhook re-fetches what a notification names). */
export async function fetchYookassaPayment(providerPaymentId: string, options?: CallOptions): Promise<ProviderPayment> {
  return toProviderPayment(await request("GET", `/payments/${encodeURIComponent(providerPaymentId)}`, options));
}

type YooRefund = {
  id: string;
  payment_id: string;
  status: "pending" | "succeeded" | "canceled";
  amount: { value: string; currency: string };
};
export type ProviderRefund = { providerPaymentId: string; status: YooRefund["status"]; amountKopecks: number };

/** A refund as YooKassa's API holds it now (GET /v3/refunds/{id}; the webhook re-fetches what a notification names). */
export async function fetchYookassaRefund(refundId: string, options?: CallOptions): Promise<ProviderRefund> {
  const r = await request<YooRefund>("GET", `/refunds/${encodeURIComponent(refundId)}`, options);
  return { providerPaymentId: r.payment_id, status: r.status, amountKopecks: Math.round(Number(r.amount.value) * 100) };
}

export const yookassaProvider: PaymentProvider = {
  name: "yookassa",
  closesLocally: false,
  async create({ paymentId, amountKopecks, description, email, savePaymentMethod, returnUrl }) {
    const body = {
      amount: { value: amountValue(amountKopecks), currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: returnUrl },
      description: describe(description),
      metadata: { payment_id: paymentId },
      ...(savePaymentMethod ? { save_payment_method: true } : {}),
      ...receipt({ amountKopecks, description, email }),
    };
    // On the user's request: the link or a clear "try again" (PaymentOutcomeUnknownError) within
    // PAYMENT_LINK_DEADLINE_MS, which leaves the rest of the user's 10 s to our own work.
    const deadlineMs = env.PAYMENT_LINK_DEADLINE_MS;
    return toProviderPayment(
      await request("POST", "/payments", {
        body,
        idempotenceKey: paymentId,
        timeoutMs: deadlineMs,
        retryWindowMs: deadlineMs,
      }),
    );
  },
  async wasPaid({ providerPaymentId, amountKopecks }, options) {
    const remote = await fetchYookassaPayment(providerPaymentId, options);
    return remote.status === "succeeded" && remote.amountKopecks === amountKopecks
      ? { paid: true, savedPaymentMethodId: remote.savedPaymentMethodId }
      : { paid: false };
  },
  async cancel(providerPaymentId, options) {
    // Only a payment waiting for capture can be canceled through the API; an unpaid redirect
    // payment (pending) stays payable until YooKassa cancels it itself, so a refusal is answered
    // by what YooKassa says the payment is now.
    try {
      const answer = await request("POST", `/payments/${encodeURIComponent(providerPaymentId)}/cancel`, {
        body: {},
        idempotenceKey: `cancel-${providerPaymentId}`,
        ...options,
      });
      return toProviderPayment(answer).status === "canceled";
    } catch {
      const remote = await fetchYookassaPayment(providerPaymentId, options).catch(() => null);
      return remote?.status === "canceled";
    }
  },
  async chargeSaved({ paymentId, amountKopecks, description, email, paymentMethodId }) {
    const body = {
      amount: { value: amountValue(amountKopecks), currency: "RUB" },
      capture: true,
      payment_method_id: paymentMethodId,
      description: describe(description),
      metadata: { payment_id: paymentId },
      ...receipt({ amountKopecks, description, email }),
    };
    const payment = toProviderPayment(await request("POST", "/payments", { body, idempotenceKey: paymentId }));
    return { ...payment, savedPaymentMethodId: payment.savedPaymentMethodId ?? paymentMethodId };
  },
  async refund({ providerPaymentId, amountKopecks, idempotenceKey, reason, receipt: partOf }) {
    // POST /v3/refunds, of the whole payment or a part of it (YooKassa takes several partial refunds
    // up to the payment's amount); one Idempotence-Key per refund, so asking twice (within the key's
    // 24 hours) answers the first refund. `description` is the refund's comment (at most 250 characters).
    // A part of a payment made with a receipt carries the receipt of what is returned (YooKassa's
    // 54-FZ refunds: only a whole refund takes its data from the payment).
    const body = {
      payment_id: providerPaymentId,
      amount: { value: amountValue(amountKopecks), currency: "RUB" },
      description: reason.slice(0, 250),
      ...(partOf ? receipt({ amountKopecks, ...partOf }) : {}),
    };
    const refund = await request<YooRefund>("POST", "/refunds", { body, idempotenceKey });
    if (refund.status === "canceled") throw new ApiError("bad_gateway", "YooKassa declined the refund");
    return refund.status === "succeeded" ? "succeeded" : "pending";
  },
};
