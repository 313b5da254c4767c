"use client";
import { useEffect } from "react";
import { createPortal } from "react-dom";
import { Link } from "wouter";
import { useFormatter, useTranslations } from "next-intl";
import type { NotificationItem } from "@/lib/contracts/notifications";
import { useNotifications } from "@/lib/queries/notifications";
import { routes } from "@/lib/routes";
import "./notifications.css";

// A payment row reads like the account's payment list: green paid, grey waiting, red otherwise.
const tone = (item: NotificationItem) =>
  item.kind === "video"
    ? item.status === "succeeded"
      ? "good"
      : "bad"
    : item.status === "completed"
      ? "good"
      : item.status === "waiting_confirmation"
        ? "wait"
        : "bad";

function Row({ item, onClose }: { item: NotificationItem; onClose: () => void }) {
  const t = useTranslations("Notifications");
  const format = useFormatter();
  const when = format.dateTime(new Date(item.created_at), { dateStyle: "medium", timeStyle: "short" });
  if (item.kind === "video") {
    return (
      <li className={`notification notification--${tone(item)}`} data-testid="notification" data-kind="video">
        <span className="notification__icon" aria-hidden>
          🎬
        </span>
        <span className="notification__text">
          <strong>
            {item.status === "succeeded"
              ? t("videoReady", { model: item.model_name })
              : t("videoFailed", { model: item.model_name })}
          </strong>
          <span className="hint">{when}</span>
          {item.status === "succeeded" && (
            <Link href={routes.history()} onClick={onClose} data-testid="notification-open-history">
              {t("openHistory")}
            </Link>
          )}
        </span>
      </li>
    );
  }
  const what = item.package_name
    ? t("packagePayment", { name: item.package_name })
    : item.tariff_name
      ? t("tariffPayment", { name: item.tariff_name })
      : t("otherPayment");
  return (
    <li className={`notification notification--${tone(item)}`} data-testid="notification" data-kind="payment">
      <span className="notification__icon" aria-hidden>
        💳
      </span>
      <span className="notification__text">
        <strong>{what}</strong>
        <span>{t("paymentLine", { amount: item.amount, status: item.status })}</span>
        <span className="hint">{when}</span>
      </span>
    </li>
  );
}

/**
 * The header bell's sheet: recent payments and finished videos; a tap outside or Close shuts it.
 * Portalled to <body>: inside the sticky header it would sit under the demo bar's layer.
 */
export function NotificationsSheet({ onClose }: { onClose: () => void }) {
  const t = useTranslations("Notifications");
  const { data, isPending, isError, refetch } = useNotifications(true);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  return createPortal(
    <div className="notifications-backdrop" onClick={onClose}>
      <div
        className="notifications"
        role="dialog"
        aria-modal="true"
        aria-label={t("title")}
        data-testid="notifications"
        onClick={(e) => e.stopPropagation()}
      >
        {/* An h2: the sheet is portalled to the page's end, after whatever screen lies under it, and a
            title one level below the screen's h1 fits under every screen. */}
        <h2 className="notifications__title">{t("title")}</h2>
        {isPending && (
          <div className="notifications__loading" aria-busy="true">
            <span className="spinner" />
          </div>
        )}
        {isError && (
          <div className="notifications__notice" role="alert" data-testid="notifications-error">
            <p>{t("loadError")}</p>
            <button type="button" className="button button--secondary" onClick={() => void refetch()}>
              {t("retry")}
            </button>
          </div>
        )}
        {data && data.items.length === 0 && (
          <p className="notifications__notice hint" data-testid="notifications-empty">
            {t("empty")}
          </p>
        )}
        {data && data.items.length > 0 && (
          <ul className="notifications__list">
            {data.items.map((item) => (
              <Row key={`${item.kind}-${item.id}`} item={item} onClose={onClose} />
            ))}
          </ul>
        )}
        <button
          type="button"
          className="button button--secondary button--block"
          data-testid="notifications-close"
          onClick={onClose}
        >
          {t("close")}
        </button>
      </div>
    </div>,
    document.body,
  );
}
