"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ApiRequestError } from "@/lib/client/fetch-core";
import { BROADCAST_SEGMENTS, type BroadcastSegment } from "@/lib/shared/broadcast-segments";
import { markdownV2Problem } from "@/lib/shared/markdown-v2-check";
import {
  useAdminBroadcasts,
  useCancelBroadcast,
  useStartBroadcast,
  type AdminBroadcast,
} from "@/lib/queries/admin/broadcasts";
import { QueryState } from "./query-state";
import { Alert } from "./ui/alert";
import { Choice } from "./ui/choice";
import { TextField } from "./ui/text-field";
import { useConsoleFormat } from "./ui/use-console-format";
import "./money-screens.css";

/** Compose a broadcast (MarkdownV2, checked as it is typed and again by the server), start it, watch it, cancel it. */
export default function BroadcastsTab() {
  const t = useTranslations("admin.broadcasts");
  // Polled while one runs, for its progress.
  const list = useAdminBroadcasts();
  return (
    <section data-testid="admin-broadcasts">
      <h1>{t("title")}</h1>
      <Compose />
      <h2>{t("recent")}</h2>
      <QueryState query={list}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="admin-hint">{t("empty")}</p>
          ) : (
            data.items.map((b) => <BroadcastCard key={b.id} broadcast={b} />)
          )
        }
      </QueryState>
    </section>
  );
}

function Compose() {
  const t = useTranslations("admin.broadcasts");
  const [text, setText] = useState("");
  const [segment, setSegment] = useState<BroadcastSegment>("all");
  const problem = text ? markdownV2Problem(text) : null;
  const start = useStartBroadcast();
  const serverProblem =
    start.error instanceof ApiRequestError
      ? (start.error.fields?.text?.[0] ?? start.error.message)
      : start.error
        ? t("startFailed")
        : null;
  return (
    <form
      className="admin-compose"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() && !problem && window.confirm(t("confirm")))
          start.mutate({ text, segment }, { onSuccess: () => setText("") });
      }}
    >
      <TextField
        multiline
        label={t("text")}
        value={text}
        onChange={setText}
        maxLength={4096}
        testId="broadcast-text"
        aria-describedby="broadcast-hint"
      />
      <p id="broadcast-hint" className={problem ? "admin-error" : "admin-hint"} role={problem ? "alert" : undefined}>
        {problem ? t(`problem.${problem.reason}`, { char: problem.char, at: problem.at + 1 }) : t("hint")}
      </p>
      <Choice
        className="admin-field"
        label={t("segment")}
        value={segment}
        onChange={(value) => setSegment(value as BroadcastSegment)}
        options={BROADCAST_SEGMENTS.map((s) => ({ value: s, label: t(`segments.${s}`) }))}
        testId="broadcast-segment"
      />
      <Alert message={serverProblem} />
      <div>
        <button
          type="submit"
          className="admin-button"
          disabled={!text.trim() || Boolean(problem) || start.isPending}
          data-testid="broadcast-start"
        >
          {start.isPending ? t("starting") : t("start")}
        </button>
      </div>
    </form>
  );
}

function BroadcastCard({ broadcast: b }: { broadcast: AdminBroadcast }) {
  const t = useTranslations("admin.broadcasts");
  const { when } = useConsoleFormat();
  const cancel = useCancelBroadcast();
  const settled = b.sent + b.failed + b.blocked;
  const percent = b.total ? Math.round((settled / b.total) * 100) : 100;
  return (
    <article className="admin-broadcast" data-testid="broadcast-card" data-status={b.status}>
      <div>
        <strong>{t(`statuses.${b.status}`)}</strong> · {t(`segments.${b.segment}`)} · {when(b.created_at)}
      </div>
      <pre>{b.text}</pre>
      <div
        className="admin-progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t("progress")}
      >
        <div style={{ width: `${percent}%` }} />
      </div>
      <div className="admin-counts" data-testid="broadcast-counts">
        <span>{t("total", { n: b.total })}</span>
        <span>{t("sent", { n: b.sent })}</span>
        <span>{t("failed", { n: b.failed })}</span>
        <span>{t("blocked", { n: b.blocked })}</span>
        <span>{t("left", { n: b.left })}</span>
      </div>
      {b.status === "running" ? (
        <button
          type="button"
          className="admin-button admin-button--danger"
          disabled={cancel.isPending}
          onClick={() => window.confirm(t("cancelConfirm")) && cancel.mutate(b.id)}
        >
          {t("cancel")}
        </button>
      ) : null}
    </article>
  );
}
