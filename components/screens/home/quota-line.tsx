"use client";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { routes } from "@/lib/routes";

/**
 * Home's "tokens left" line in the new-dialogue card: a link to the limits page (docs/product/screens.md)
 * beside the card's own button, never inside it (one interactive element may not hold another).
 */
export function QuotaLine({ remaining }: { remaining: number | undefined }) {
  const t = useTranslations("Home");
  if (remaining === undefined) return <span className="card__hint">{"\u00a0"}</span>;
  return (
    <Link
      href={routes.limits()}
      className="card__hint home__quota"
      data-testid="home-quota"
      data-exhausted={remaining <= 0}
    >
      {/* Used up, the line says so and the limits page it opens offers packages and tariffs. The
          arrow is bound to the last word by a no-break space, so a narrow card never wraps it alone. */}
      {remaining <= 0 ? t("remainingNone") : t("remaining", { count: remaining })}
      {"\u00a0›"}
    </Link>
  );
}
