"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import type { adminBroadcastSchema } from "@/lib/contracts/admin-broadcasts";
import { ApiRequestError } from "@/lib/client/fetch-core";
import { BROADCAST_SEGMENTS, type BroadcastSegment } from "@/lib/shared/broadcast-segments";
import { markdownV2Problem } from "@/lib/shared/markdown-v2-check";
import { adminApi } from "./admin-session";
import { QueryState } from "./query-state";
import "./money-screens.css";

type Broadcast = z.infer<typeof adminBroadcastSchema>;
const POLL_MS = 2_000;

/** Compose a broadcast (MarkdownV2, checked as it is typed and again by the server), start it, watch it, cancel it. */
export default function BroadcastsTab() {
  const t = useTranslations("admin.broadcasts");
  const list = useQuery({
    queryKey: ["admin", "broadcasts"],
    queryFn: () => adminApi("GET /api/admin/broadcasts"),
    // Progress is polled while one runs.
    refetchInterval: (q) => (q.state.data?.items.some((b) => b.status === "running") ? POLL_MS : false),
  });
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
  const client = useQueryClient();
  const [text, setText] = useState("");
  const [segment, setSegment] = useState<BroadcastSegment>("all");
  const problem = text ? markdownV2Problem(text) : null;
  const start = useMutation({
    mutationFn: () => adminApi("POST /api/admin/broadcasts", { body: { text, segment } }),
    onSuccess: async () => {
      setText("");
      await client.invalidateQueries({ queryKey: ["admin", "broadcasts"] });
    },
  });
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
        if (text.trim() && !problem && window.confirm(t("confirm"))) start.mutate();
      }}
    >
      <label className="admin-field">
        {t("text")}
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={4096}
          data-testid="broadcast-text"
          aria-describedby="broadcast-hint"
        />
      </label>
      <p id="broadcast-hint" className={problem ? "admin-error" : "admin-hint"} role={problem ? "alert" : undefined}>
        {problem ? t(`problem.${problem.reason}`, { char: problem.char, at: problem.at + 1 }) : t("hint")}
      </p>
      <label className="admin-field">
        {t("segment")}
        <select
          value={segment}
          onChange={(e) => setSegment(e.target.value as BroadcastSegment)}
          data-testid="broadcast-segment"
        >
          {BROADCAST_SEGMENTS.map((s) => (
            <option key={s} value={s}>
              {t(`segments.${s}`)}
            </option>
          ))}
        </select>
      </label>
      {serverProblem ? (
        <p className="admin-error" role="alert">
          {serverProblem}
        </p>
      ) : null}
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

function BroadcastCard({ broadcast: b }: { broadcast: Broadcast }) {
  const t = useTranslations("admin.broadcasts");
  const format = useFormatter();
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => adminApi("POST /api/admin/broadcasts/{id}/cancel", { params: { id: String(b.id) } }),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin", "broadcasts"] }),
  });
  const settled = b.sent + b.failed + b.blocked;
  const percent = b.total ? Math.round((settled / b.total) * 100) : 100;
  return (
    <article className="admin-broadcast" data-testid="broadcast-card" data-status={b.status}>
      <div>
        <strong>{t(`statuses.${b.status}`)}</strong> · {t(`segments.${b.segment}`)} ·{" "}
        {format.dateTime(new Date(b.created_at), { dateStyle: "short", timeStyle: "short" })}
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
          onClick={() => window.confirm(t("cancelConfirm")) && cancel.mutate()}
        >
          {t("cancel")}
        </button>
      ) : null}
    </article>
  );
}
