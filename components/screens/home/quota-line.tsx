"use client";
import { useLocation } from "wouter";
import { useTranslations } from "next-intl";
import { formatCount } from "@/lib/format";
import { routes } from "@/lib/routes";

/**
 * Home's "tokens left" line inside the new-dialog card: a tap on it opens the limits page (docs/product/screens.md),
 * a tap elsewhere on the card still starts a dialog. A nested <a> is not allowed inside the card's
 * <button>, hence a span with the link role.
 */
export function QuotaLine({ remaining }: { remaining: number | undefined }) {
  const t = useTranslations("Home");
  const [, navigate] = useLocation();
  if (remaining === undefined) return "\u00a0";
  const go = (e: { stopPropagation: () => void }) => {
    e.stopPropagation();
    navigate(routes.limits());
  };
  return (
    <span
      role="link"
      tabIndex={0}
      className="home__quota"
      data-testid="home-quota"
      data-exhausted={remaining <= 0}
      onClick={go}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && go(e)}
    >
      {/* Used up, the line says so and the limits page it opens offers packages and tariffs. */}
      {remaining <= 0 ? t("remainingNone") : t("remaining", { count: formatCount(remaining) })} ›
    </span>
  );
}
