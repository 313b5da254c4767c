"use client";
import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { ModelIcon } from "@/components/models/model-icon";
import { useLocale } from "@/components/shell/intl-provider";
import { ApiRequestError } from "@/lib/client/fetch-core";
import { HISTORY_NAME_MAX, type HistorySession } from "@/lib/contracts/history";
import { useDeleteSession, useRenameSession } from "@/lib/queries/history";
import { routes } from "@/lib/routes";

type HistoryT = ReturnType<typeof useTranslations<"History">>;

/** The card's preview: the last text the user wrote, else a voice session's first transcript or its mark. */
function previewOf(session: HistorySession, t: HistoryT): string {
  if (session.last_user_message !== null) return session.last_user_message;
  if (session.voice_preview)
    return session.voice_preview.transcript ? `🎤 ${session.voice_preview.transcript}` : t("voiceMessage");
  return t("noPreview");
}

function RenameForm({ session, onDone }: { session: HistorySession; onDone: () => void }) {
  const t = useTranslations("History");
  const [name, setName] = useState(session.name);
  const rename = useRenameSession();
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    rename.mutate({ sessionId: session.session_id, name: trimmed }, { onSuccess: onDone });
  };
  return (
    <form className="history-card__panel" onSubmit={submit} data-testid="history-rename-form">
      <label className="history-card__label">
        {t("renameLabel")}
        <input
          className="history-input"
          value={name}
          maxLength={HISTORY_NAME_MAX}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          data-testid="history-rename-input"
        />
      </label>
      {rename.isError && (
        <p className="history-card__error" role="alert">
          {t("renameFailed")}
        </p>
      )}
      <div className="history-card__buttons">
        <button
          type="submit"
          className="button"
          disabled={!trimmed || rename.isPending}
          data-testid="history-rename-save"
        >
          {t("save")}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}

function DeleteConfirm({ session, onDone }: { session: HistorySession; onDone: () => void }) {
  const t = useTranslations("History");
  const remove = useDeleteSession();
  return (
    <div
      className="history-card__panel"
      role="group"
      aria-label={t("deleteTitle")}
      data-testid="history-delete-confirm"
    >
      <p>{t("deleteText", { name: session.name })}</p>
      {remove.isError && (
        <p className="history-card__error" role="alert">
          {remove.error instanceof ApiRequestError && remove.error.status === 409 ? t("deleteBusy") : t("deleteFailed")}
        </p>
      )}
      <div className="history-card__buttons">
        <button
          type="button"
          className="button history-card__danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(session.session_id)}
          data-testid="history-delete-yes"
        >
          {t("delete")}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t("cancel")}
        </button>
      </div>
    </div>
  );
}

/** One session of the history list: model image, title, model and date, last user message; rename and delete beside it. */
export function SessionCard({ session }: { session: HistorySession }) {
  const t = useTranslations("History");
  const { locale } = useLocale();
  const [mode, setMode] = useState<"idle" | "menu" | "rename" | "delete">("idle");
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(session.date),
  );
  const close = () => setMode("idle");
  return (
    <div className="history-item" data-testid="history-item">
      <div className="history-item__row">
        <Link href={routes.historySession(session.session_id)} className="history-card" data-testid="history-session">
          <ModelIcon src={session.model_image} size={40} />
          <div className="history-card__body">
            <span className="history-card__name" data-testid="history-session-name">
              {session.name}
            </span>
            <div className="history-card__model">
              {session.model} ·{" "}
              <time className="history-card__date" dateTime={session.date}>
                {date}
              </time>
            </div>
            <div className="history-card__preview" data-testid="history-session-preview">
              {previewOf(session, t)}
            </div>
          </div>
        </Link>
        <button
          type="button"
          className="history-item__more"
          aria-label={t("actions", { name: session.name })}
          aria-expanded={mode !== "idle"}
          data-testid="history-session-actions"
          onClick={() => setMode(mode === "idle" ? "menu" : "idle")}
        >
          ⋯
        </button>
      </div>
      {mode === "menu" && (
        <div className="history-card__buttons history-card__panel">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setMode("rename")}
            data-testid="history-rename"
          >
            {t("rename")}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setMode("delete")}
            data-testid="history-delete"
          >
            {t("delete")}
          </button>
        </div>
      )}
      {mode === "rename" && <RenameForm session={session} onDone={close} />}
      {mode === "delete" && <DeleteConfirm session={session} onDone={close} />}
    </div>
  );
}
