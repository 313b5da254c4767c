"use client";
import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useParams } from "wouter";
import { ContinueButton } from "@/components/history/continue-button";
import { ThreadView } from "@/components/history/thread-view";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSpinner } from "@/components/ui/page-spinner";
import { ApiRequestError } from "@/lib/client/api-client";
import type { HistoryPage } from "@/lib/contracts/history";
import { historyKeys, useHistorySession } from "@/lib/queries/history";
import "@/components/history/history.css";

// /history/{id}: one session's messages and the button that continues it in the messenger.
export default function HistorySessionScreen() {
  const t = useTranslations("History");
  const sessionId = Number(useParams<{ id: string }>().id);
  const thread = useHistorySession(sessionId);
  // The thread call answers messages only; the name comes from the list when it was opened from there.
  const list = useQueryClient().getQueryData<InfiniteData<HistoryPage>>(historyKeys.list());
  const name = list?.pages.flatMap((p) => p.data).find((s) => s.session_id === sessionId)?.name;

  const notFound =
    !Number.isInteger(sessionId) ||
    sessionId <= 0 ||
    (thread.error instanceof ApiRequestError && [400, 404].includes(thread.error.status));
  if (notFound) return <LoadFailure title={t("notFound")} testId="history-not-found" />;
  if (thread.isError) return <LoadFailure text={t("loadError", { message: thread.error.message })} />;
  return (
    <div className="page history-thread-page">
      <h1 className="history-thread-page__title">{name ?? t("threadTitle")}</h1>
      {thread.isPending ? (
        <PageSpinner />
      ) : thread.data.length === 0 ? (
        <p className="history-note" data-testid="history-thread-empty">
          {t("threadEmpty")}
        </p>
      ) : (
        <ThreadView messages={thread.data} />
      )}
      <ContinueButton sessionId={sessionId} />
    </div>
  );
}
