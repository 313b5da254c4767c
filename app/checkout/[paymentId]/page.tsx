import { notFound } from "next/navigation";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";
import { getDb } from "@/db";
import { env, isDemoMode } from "@/lib/env";
import { getCheckoutView } from "@/lib/server/payments/sandbox";
import { CheckoutActions } from "./checkout-actions";
import "./checkout.css";

export const dynamic = "force-dynamic";

export type CheckoutMessages = typeof ru.Checkout;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));

// The sandbox provider's checkout: a normal page outside the hash shell, reached by the payment's
// own link (its uuid is the secret). ?lang=en switches the language; Russian is the default.
export default async function CheckoutPage({ params, searchParams }: { params: Promise<{ paymentId: string }>; searchParams: Promise<{ lang?: string }> }) {
  const [{ paymentId }, { lang }] = await Promise.all([params, searchParams]);
  const t: CheckoutMessages = lang === "en" ? en.Checkout : ru.Checkout;
  const view = await getCheckoutView({ db: await getDb(), paymentId });
  if (!view) notFound();
  const item = view.packageName
    ? fill(t.package, { name: view.packageName })
    : `${fill(t.tariff, { name: view.tariffName ?? "" })}, ${fill(t.tariffPeriod, { days: view.months * 30 })}`;
  const backHref = isDemoMode() ? "/" : `https://t.me/${env.BOT_USERNAME}`;
  const amount = new Intl.NumberFormat(lang === "en" ? "en-US" : "ru-RU", { style: "currency", currency: "RUB" }).format(view.amount);
  return (
    <main className="checkout" lang={lang === "en" ? "en" : "ru"}>
      <h1>{t.title}</h1>
      <p className="checkout-note">{t.sandboxNote}</p>
      <dl className="checkout-summary">
        <dt>{t.item}</dt>
        <dd data-testid="checkout-item">{item}</dd>
        <dt>{t.amount}</dt>
        <dd data-testid="checkout-amount">{amount}</dd>
      </dl>
      <CheckoutActions paymentId={view.id} initialStatus={view.expired ? "expired" : view.status} messages={t} backHref={backHref} />
    </main>
  );
}
