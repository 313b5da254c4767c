"use client";
import { useTranslations } from "next-intl";
import { haptic } from "@/lib/client/host";
import { useToggleFavorite } from "@/lib/queries/assistants";

/** The favourite toggle: removes when liked, adds otherwise (optimistic, silent rollback). */
export function HeartButton({
  assistantId,
  assistantType,
  liked,
}: {
  assistantId: number;
  assistantType: string;
  liked: boolean;
}) {
  const t = useTranslations("Assistants");
  const toggle = useToggleFavorite();
  return (
    <button
      type="button"
      className={`heart${liked ? " heart--on" : ""}`}
      aria-pressed={liked}
      aria-label={liked ? t("unlike") : t("like")}
      data-testid={`heart-${assistantId}`}
      onClick={() => {
        haptic("favourite");
        toggle.mutate({ assistantId, assistantType, hasUser: liked });
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.3 3 4.5 6.7 4.5c2.1 0 3.6 1.2 4.3 2.5h2c.7-1.3 2.2-2.5 4.3-2.5 3.7 0 5.8 3.8 4.3 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
