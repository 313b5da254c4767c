"use client";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { ModelIcon } from "@/components/models/model-icon";
import { useLocale } from "@/components/shell/intl-provider";
import type { HistorySession } from "@/lib/contracts/history";
import { routes } from "@/lib/routes";

/** The card's preview: the last text the user wrote, else a voice session's first transcript or its mark. */
function previewOf(session: HistorySession, t: ReturnType<typeof useTranslations<"History">>): string {
  if (session.last_user_message !== null) return session.last_user_message;
  if (session.voice_preview)
    return session.voice_preview.transcript ? `🎤 ${session.voice_preview.transcript}` : t("voiceMessage");
  return t("noPreview");
}

/** One session of the history list: model image, name, model and date, last user message. */
export function SessionCard({ session }: { session: HistorySession }) {
  const t = useTranslations("History");
  const { locale } = useLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(session.date),
  );
  return (
    <Link href={routes.historySession(session.session_id)} className="history-card" data-testid="history-session">
      <ModelIcon src={session.model_image} size={40} />
      <div className="history-card__body">
        <div className="history-card__top">
          <span className="history-card__name">{session.name}</span>
          <time className="history-card__date" dateTime={session.date}>
            {date}
          </time>
        </div>
        <div className="history-card__model">{session.model}</div>
        <div className="history-card__preview" data-testid="history-session-preview">
          {previewOf(session, t)}
        </div>
      </div>
    </Link>
  );
}
