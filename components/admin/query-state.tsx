"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { PageSpinner } from "@/components/ui/page-spinner";
import { LinkButton } from "./ui/link-button";

/** A console query's loading and failure states; its data goes to `children` once it is there. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const t = useTranslations("admin");
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <div className="admin-error" role="alert">
        {t("loadFailed")} <LinkButton onClick={() => void query.refetch()}>{t("retry")}</LinkButton>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
