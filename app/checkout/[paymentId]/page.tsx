import { notFound } from "next/navigation";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";
import { getDb } from "@/db";
import { env, isDemoMode } from "@/lib/env";
import { formatMoney } from "@/lib/shared/format";
import { textIn } from "@/lib/shared/catalogue-text";
import { getCheckoutView } from "@/lib/server/demo/sandbox-checkout";
import { translatorFor } from "@/lib/server/translator";
import { CheckoutActions } from "./checkout-actions";
import type { CheckoutMessages } from "./checkout-messages";
import "./checkout.css";

export const dynamic = "force-dynamic";

// The demo app the sandbox checkout leads back to: the same demo account, language and theme.
function demoAppHref(query: Record<string, string | undefined>): string {
  const kept = new URLSearchParams();
  for (const key of ["demo_user", "demo_lang", "demo_theme"]) if (query[key]) kept.set(key, query[key]);
  return kept.size ? `/?${kept}` : "/";
}

// The sandbox provider's checkout: a normal page outside the hash shell, reached by the payment's
// own link (its uuid is the secret). ?lang= picks the language, else the payer's own; ?theme=
// (the app's own theme when it opened the link) or the demo's demo_theme picks light or dark, else the
// browser's preference does. The demo app adds its demo_user/demo_lang/demo_theme (lib/client/demo-query.ts)
// so "back to the app" keeps them.
export default async function CheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ paymentId: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const [{ paymentId }, query] = await Promise.all([params, searchParams]);
  const view = await getCheckoutView({ db: await getDb(), paymentId });
  if (!view) notFound();
  const lang = query.lang ?? query.demo_lang ?? view.language;
  const locale = lang === "en" ? "en" : "ru";
  const messages: CheckoutMessages = locale === "en" ? en.Checkout : ru.Checkout;
  const t = translatorFor(locale, "Checkout");
  const item = view.packageName
    ? t("package", { name: textIn(locale, view.packageName.ru, view.packageName.en) })
    : `${t("tariff", { name: view.tariffName ?? "" })}, ${t("tariffPeriod", { days: view.months * 30 })}`;
  const backHref = isDemoMode() ? demoAppHref(query) : `https://t.me/${env.BOT_USERNAME}`;
  const amount = formatMoney(view.amount, locale);
  const theme = query.theme ?? query.demo_theme;
  return (
    <main
      className="checkout"
      lang={locale}
      data-theme={theme === "dark" || theme === "light" ? theme : undefined}
      data-testid="checkout"
    >
      <h1>{t("title")}</h1>
      <p className="checkout-note">{t("sandboxNote")}</p>
      <dl className="checkout-summary">
        <dt>{t("item")}</dt>
        <dd data-testid="checkout-item">{item}</dd>
        <dt>{t("amount")}</dt>
        <dd data-testid="checkout-amount">{amount}</dd>
      </dl>
      <CheckoutActions
        paymentId={view.id}
        initialStatus={view.expired ? "expired" : view.status}
        locale={locale}
        messages={messages}
        backHref={backHref}
      />
    </main>
  );
}
