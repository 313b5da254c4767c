"use client";
import { useLocale, useTranslations } from "next-intl";
import type { DemoChatButton, DemoChatFile, DemoChatItem } from "@/lib/contracts/demo-chat";
import { demoParams } from "@/lib/client/demo-query";
import { safeUrl } from "@/lib/client/safe-url";
import { TelegramText } from "./telegram-text";

/**
 * Where a URL button leads: the app's own pages (a web_app button opens the mini-app) on this origin
 * with the demo query kept, so the same demo user goes on; other links as they are.
 */
function buttonHref(button: DemoChatButton): string | null {
  const safe = button.url ? safeUrl(button.url) : "";
  if (!safe) return null;
  const url = new URL(safe);
  if (!button.web_app && url.origin !== window.location.origin) return safe;
  const target = new URL(url.pathname + url.search, window.location.origin);
  demoParams().forEach((value, key) => !target.searchParams.has(key) && target.searchParams.set(key, value));
  return `${target.pathname}${target.search}${url.hash}`;
}

function Attachment({ file }: { file: DemoChatFile }) {
  const t = useTranslations("DemoChat");
  if (file.kind === "photo") {
    return (
      <a href={file.url} target="_blank" rel="noopener noreferrer" className="demo-chat__photo">
        <img src={file.url} alt={t("photo")} loading="lazy" />
      </a>
    );
  }
  if (file.kind === "voice" || file.kind === "audio")
    return <audio className="demo-chat__audio" controls preload="metadata" src={file.url} aria-label={t(file.kind)} />;
  if (file.kind === "video" || file.kind === "animation")
    return <video className="demo-chat__video" controls preload="metadata" src={file.url} />;
  return (
    <a className="demo-chat__document" href={file.url} download={file.name ?? true} data-testid="demo-chat-document">
      <span aria-hidden>📄</span> {file.name ?? t("document")}
    </a>
  );
}

type Props = { item: DemoChatItem; onPress: (button: DemoChatButton, item: DemoChatItem) => void; pressing: boolean };

export function ChatMessage({ item, onPress, pressing }: Props) {
  const locale = useLocale();
  if (item.notice) {
    return (
      <p className="demo-chat__notice" role="status" data-testid="demo-chat-notice">
        {item.text}
      </p>
    );
  }
  const time = new Date(item.date).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  return (
    <div
      className={`demo-chat__row demo-chat__row--${item.from}`}
      data-testid={`demo-chat-${item.from}`}
      data-message-id={item.message_id}
    >
      <div className="demo-chat__bubble">
        {item.file && <Attachment file={item.file} />}
        {item.text &&
          (item.from === "bot" ? (
            <TelegramText text={item.text} parseMode={item.parse_mode} entities={item.entities} />
          ) : (
            <div className="tg-text">{item.text}</div>
          ))}
        <span className="demo-chat__time">{time}</span>
      </div>
      {item.buttons.length > 0 && (
        <div className="demo-chat__keyboard">
          {item.buttons.map((row, r) => (
            <div className="demo-chat__keyboard-row" key={r}>
              {row.map((button, b) => {
                const href = buttonHref(button);
                if (href) {
                  return (
                    <a
                      key={b}
                      className="demo-chat__button"
                      href={href}
                      {...(href.startsWith("/") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                      data-testid="demo-chat-button"
                    >
                      {button.text}
                      {!button.web_app && !href.startsWith("/") && <span aria-hidden> ↗</span>}
                    </a>
                  );
                }
                return (
                  <button
                    key={b}
                    type="button"
                    className="demo-chat__button"
                    disabled={!button.callback_data || pressing}
                    onClick={() => onPress(button, item)}
                    data-testid="demo-chat-button"
                  >
                    {button.text}
                  </button>
                );
              })}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
