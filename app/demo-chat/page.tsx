import { notFound } from "next/navigation";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";
import { DemoChat } from "@/components/demo-chat/demo-chat";
import { isDemoMode } from "@/lib/env";

export const dynamic = "force-dynamic";

// The demo app the chat leads back to: the same demo account, language and theme.
function demoAppHref(query: Record<string, string | undefined>): string {
  const kept = new URLSearchParams();
  for (const key of ["demo_user", "demo_lang", "demo_theme"]) if (query[key]) kept.set(key, query[key]);
  return kept.size ? `/?${kept}` : "/";
}

// Demo mode has no messenger: this page stands in for the bot chat, outside the hash shell like the
// sandbox checkout. It signs in as the page query's demo user (?demo_user=&demo_lang=&demo_theme=,
// lib/client/demo-query.ts); ?lang=en (the app's interface language) picks the page's language.
export default async function DemoChatPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  if (!isDemoMode()) notFound();
  const query = await searchParams;
  const locale = (query.lang ?? query.demo_lang) === "en" ? "en" : "ru";
  const messages = locale === "en" ? en : ru;
  return (
    <main className="demo-chat-page" lang={locale}>
      <DemoChat locale={locale} messages={{ DemoChat: messages.DemoChat }} backHref={demoAppHref(query)} />
    </main>
  );
}
