import type { Metadata } from "next";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";
import { AdminRoot } from "@/components/admin/admin-root";
import { env, isDemoMode } from "@/lib/env";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Console", robots: { index: false, follow: false } };

// The operator console: a page of its own outside the mini-app's hash shell, so none of it is in the
// mini-app's load (docs/product/console.md). ?lang=en switches it to English (Russian by default).
export default async function AdminPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const { lang } = await searchParams;
  const locale = lang === "en" ? "en" : "ru";
  const messages = { admin: (locale === "en" ? en : ru).admin };
  return <AdminRoot locale={locale} messages={messages} demo={isDemoMode()} botUsername={env.BOT_USERNAME} />;
}
