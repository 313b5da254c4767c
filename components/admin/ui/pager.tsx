"use client";
import { useTranslations } from "next-intl";

/** Links to the newer and older page of a list the URL hash pages through ("#audit/2"); nothing when there is one page. */
export function Pager({ href, page, hasMore }: { href: (page: number) => string; page: number; hasMore: boolean }) {
  const t = useTranslations("admin.common");
  if (page === 1 && !hasMore) return null;
  return (
    <div className="admin-pager">
      {page > 1 ? <a href={href(page - 1)}>{t("newer")}</a> : null}
      {hasMore ? <a href={href(page + 1)}>{t("older")}</a> : null}
    </div>
  );
}
