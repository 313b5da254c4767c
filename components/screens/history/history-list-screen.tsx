"use client";
import { Suspense, useState } from "react";
import { useTranslations } from "next-intl";
import { LazyModelPicker } from "@/components/models/lazy-model-picker";
import { SessionCard } from "@/components/history/session-card";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useLoadMoreSentinel } from "@/components/ui/use-load-more";
import { useHistoryList } from "@/lib/queries/history";
import "@/components/history/history.css";

/** No sessions yet: say so, and offer to start the first dialogue with Home's text model picker. */
function EmptyHistory() {
  const t = useTranslations("History");
  const [picking, setPicking] = useState(false);
  return (
    <div className="history-empty" data-testid="history-empty">
      <p className="history-note">{t("empty")}</p>
      {picking ? (
        <Suspense fallback={<PageSpinner />}>
          <LazyModelPicker type="text" onClose={() => setPicking(false)} />
        </Suspense>
      ) : (
        <button
          type="button"
          className="button button--block"
          data-testid="history-start-dialog"
          onClick={() => setPicking(true)}
        >
          {t("startDialog")}
        </button>
      )}
    </div>
  );
}

// /history: the caller's dialogue sessions, 10 at a time, the next page loaded as the end comes into view.
export default function HistoryListScreen() {
  const t = useTranslations("History");
  const list = useHistoryList();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinel = useLoadMoreSentinel(list);

  const sessions = list.data?.pages.flatMap((p) => p.data) ?? [];
  const error = list.error && (
    <div className="history-error" role="alert" data-testid="history-error">
      <p>{t("loadError", { message: list.error.message })}</p>
      <button
        type="button"
        className="button"
        onClick={() => void (sessions.length ? fetchNextPage() : list.refetch())}
      >
        {t("retry")}
      </button>
    </div>
  );

  return (
    <div className="page history-page">
      <h1>{t("title")}</h1>
      {list.isPending ? (
        <PageSpinner />
      ) : sessions.length === 0 ? (
        (error ?? <EmptyHistory />)
      ) : (
        <>
          <div className="history-list" data-testid="history-list">
            {sessions.map((session) => (
              <SessionCard key={session.session_id} session={session} />
            ))}
          </div>
          {error}
          {isFetchingNextPage && <PageSpinner />}
          {!hasNextPage && !list.isError && (
            <p className="history-note" data-testid="history-end">
              {t("end")}
            </p>
          )}
          <div ref={sentinel} aria-hidden />
        </>
      )}
    </div>
  );
}
