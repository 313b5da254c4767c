"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { PageSpinner } from "@/components/ui/page-spinner";

/** A console query's loading and failure states; its data goes to `children` once it is there. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const t = useTranslations("admin");
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <div className="admin-error" role="alert">
        {t("loadFailed")}{" "}
        <button type="button" className="admin-link-button" onClick={() => void query.refetch()}>
          {t("retry")}
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
