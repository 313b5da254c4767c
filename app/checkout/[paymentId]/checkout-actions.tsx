"use client";
import "@/lib/client/zod-jitless";
import { useMemo, useState, useSyncExternalStore } from "react";
import { createTranslator } from "next-intl";
import type { Locale } from "@/lib/i18n/locale";
import { APP_RETURN_MESSAGE } from "@/lib/client/app-return";
import type { CheckoutMessages } from "./checkout-messages";

const noSubscribe = () => () => {};

/**
 * Back to the app that opened this page in another tab: that tab is told (it refreshes the account)
 * and shown, and this one closes, so no second copy of the app opens. Without one (a link opened
 * elsewhere) the link's own address is followed.
 */
function returnToOpener(event: React.MouseEvent<HTMLAnchorElement>) {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return;
  try {
    if (opener.location.origin !== window.location.origin) return;
  } catch {
    return; // another site's window: its location cannot be read
  }
  event.preventDefault();
  opener.postMessage(APP_RETURN_MESSAGE, window.location.origin);
  opener.focus();
  window.close();
}

type Props = { paymentId: string; initialStatus: string; locale: Locale; messages: CheckoutMessages; backHref: string };

// Confirm or decline; the server applies the payment through the same path as a provider webhook.
export function CheckoutActions({ paymentId, initialStatus, locale, messages, backHref }: Props) {
  const t = useMemo(
    () => createTranslator({ locale, messages: { Checkout: messages }, namespace: "Checkout" }),
    [locale, messages],
  );
  const [status, setStatus] = useState(initialStatus);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server-rendered buttons show before React attaches their handlers; a click in that gap did
  // nothing (the e2e flake on a busy machine). They stay disabled until hydration has run.
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );

  async function resolve(action: "confirm" | "decline") {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/payments/sandbox/${paymentId}/${action}`, { method: "POST" });
      const body = await res.json();
      if (res.ok) setStatus(body.status);
      else if (res.status === 409) setStatus("expired");
      else setError(body?.error?.message ?? String(res.status));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (status === "pending" || status === "waiting_confirmation") {
    return (
      <div className="checkout-actions">
        {error && (
          <p className="checkout-error" role="alert">
            {t("error", { message: error })}
          </p>
        )}
        <button
          data-testid="checkout-confirm"
          className="checkout-confirm"
          disabled={busy || !hydrated}
          onClick={() => resolve("confirm")}
        >
          {busy ? t("processing") : t("confirm")}
        </button>
        <button
          data-testid="checkout-decline"
          className="checkout-decline"
          disabled={busy || !hydrated}
          onClick={() => resolve("decline")}
        >
          {t("decline")}
        </button>
      </div>
    );
  }
  const [title, text] =
    status === "completed"
      ? [t("successTitle"), t("successText")]
      : status === "expired"
        ? [t("expiredTitle"), t("expiredText")]
        : [t("declinedTitle"), t("declinedText")];
  return (
    <div className="checkout-result" data-testid="checkout-result" data-status={status}>
      <h2>{title}</h2>
      <p>{text}</p>
      <a data-testid="checkout-back" className="checkout-back" href={backHref} onClick={returnToOpener}>
        {t("backToApp")}
      </a>
    </div>
  );
}
