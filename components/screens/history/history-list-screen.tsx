"use client";
import { Suspense, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { LazyModelPicker } from "@/components/models/lazy-model-picker";
import { SessionCard } from "@/components/history/session-card";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useLoadMoreSentinel } from "@/components/ui/use-load-more";
import { HISTORY_SEARCH_MAX } from "@/lib/contracts/history";
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

// A search is asked once typing pauses.
const SEARCH_PAUSE_MS = 300;

/** The search words, asked for once typing has paused. */
function useSearch() {
  const [typed, setTyped] = useState("");
  const [asked, setAsked] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setAsked(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, asked };
}

// /history: the caller's dialogue sessions, 10 at a time, the next page loaded as the end comes into
// view; a search over titles and messages above them.
export default function HistoryListScreen() {
  const t = useTranslations("History");
  const search = useSearch();
  const list = useHistoryList(search.asked);
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
  const searching = search.asked !== "";

  return (
    <div className="page history-page">
      <h1>{t("title")}</h1>
      <div className="history-search" role="search">
        <input
          type="search"
          className="history-input"
          aria-label={t("searchLabel")}
          placeholder={t("searchPlaceholder")}
          value={search.typed}
          maxLength={HISTORY_SEARCH_MAX}
          onChange={(e) => search.setTyped(e.target.value)}
          data-testid="history-search"
        />
      </div>
      {list.isPending ? (
        <PageSpinner />
      ) : sessions.length === 0 ? (
        (error ??
        (searching ? (
          <p className="history-note" data-testid="history-not-found">
            {t("notFoundSearch", { query: search.asked })}
          </p>
        ) : (
          <EmptyHistory />
        )))
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
              {searching ? t("endSearch") : t("end")}
            </p>
          )}
          <div ref={sentinel} aria-hidden />
        </>
      )}
    </div>
  );
}
