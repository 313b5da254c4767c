"use client";
import "@/lib/client/zod-jitless";
import { useEffect, useRef, useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider, useTranslations, type AbstractIntlMessages } from "next-intl";
import type { DemoChatButton, DemoChatItem } from "@/lib/contracts/demo-chat";
import type { Locale } from "@/lib/i18n/locale";
import { demoThemeParams, readDemoTheme } from "@/lib/client/demo-host";
import { paintLaunchTheme } from "@/lib/client/launch-params";
import { deviceTimeZone } from "@/lib/shared/format";
import { useDemoChatMessages, useDemoChatSend } from "@/lib/queries/demo-chat";
import { ChatMessage } from "./chat-message";
import { Composer } from "./composer";
import { TelegramText } from "./telegram-text";
import "./demo-chat.css";

/** ?demo_theme=dark paints the page with the messenger's dark palette, as the mocked host does in the app. */
function useDemoTheme() {
  useEffect(() => {
    paintLaunchTheme(demoThemeParams(readDemoTheme()));
  }, []);
}

function Conversation({ backHref }: { backHref: string }) {
  const t = useTranslations("DemoChat");
  const messages = useDemoChatMessages();
  const send = useDemoChatSend();
  const end = useRef<HTMLDivElement>(null);
  const data = messages.data;
  const count = data?.items.length ?? 0;
  const lastText = data?.items.at(-1)?.text;

  // Follow the conversation as the bot writes (new messages, a streamed answer growing, its draft).
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [count, lastText, data?.draft?.text]);

  const press = (button: DemoChatButton, item: DemoChatItem) =>
    button.callback_data && send.mutate({ callback_data: button.callback_data, message_id: item.message_id });

  return (
    <div className="demo-chat" data-testid="demo-chat">
      <header className="demo-chat__header">
        <a className="demo-chat__back" href={backHref} data-testid="demo-chat-back">
          ‹ {t("backToApp")}
        </a>
        <div className="demo-chat__title">
          <strong>{t("title")}</strong>
          <span>{t("subtitle")}</span>
        </div>
      </header>
      <section className="demo-chat__messages" aria-live="polite" data-testid="demo-chat-messages">
        {messages.isPending && <p className="demo-chat__hint">{t("loading")}</p>}
        {messages.isError && !data && (
          <div className="demo-chat__hint" role="alert">
            <p>{t("loadFailed", { message: messages.error.message })}</p>
            <button type="button" className="demo-chat__retry" onClick={() => void messages.refetch()}>
              {t("retry")}
            </button>
          </div>
        )}
        {data && count === 0 && (
          <p className="demo-chat__hint" data-testid="demo-chat-empty">
            {t("empty")}
          </p>
        )}
        {data?.items.map((item) => (
          <ChatMessage key={item.id} item={item} onPress={press} pressing={send.isPending} />
        ))}
        {data?.draft && (
          <div className="demo-chat__row demo-chat__row--bot" data-testid="demo-chat-draft">
            <div className="demo-chat__bubble demo-chat__bubble--draft">
              {data.draft.text ? (
                <TelegramText text={data.draft.text} parseMode={data.draft.parse_mode} entities={data.draft.entities} />
              ) : (
                <em>{t("thinking")}</em>
              )}
            </div>
            {data.draft.can_stop && (
              // Telegram's own Stop under a draft: a stopped_message_generation update.
              <button
                type="button"
                className="demo-chat__button"
                disabled={send.isPending}
                onClick={() => send.mutate({ stop_draft_id: data.draft!.draft_id })}
                data-testid="demo-chat-stop"
              >
                {t("stop")}
              </button>
            )}
          </div>
        )}
        {data?.waiting && !data.draft && (
          <p className="demo-chat__typing" role="status" data-testid="demo-chat-typing">
            {t("typing")}
          </p>
        )}
        <div ref={end} />
      </section>
      {send.isError && (
        <p className="demo-chat__error" role="alert" data-testid="demo-chat-error">
          {t("sendFailed", { message: send.error.message })}
        </p>
      )}
      <Composer busy={send.isPending} onText={(text) => send.mutate({ text })} onFile={(input) => send.mutate(input)} />
    </div>
  );
}

type Props = { locale: Locale; messages: AbstractIntlMessages; backHref: string };

/** The demo chat page's client root: its own query client and messages, outside the mini-app shell. */
export function DemoChat({ locale, messages, backHref }: Props) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true } } }));
  useDemoTheme();
  return (
    // The device's time zone, as in the mini-app (components/shell/intl-provider.tsx).
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={deviceTimeZone()}>
      <QueryClientProvider client={client}>
        <Conversation backHref={backHref} />
      </QueryClientProvider>
    </NextIntlClientProvider>
  );
}
