"use client";
import { Suspense, useState } from "react";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { routes } from "@/lib/routes";
import { AfterPaint } from "@/components/ui/after-paint";
import { lazyPart } from "./lazy-part";
import { TariffPill } from "./tariff-pill";
import { snapshotTariffName } from "./snapshot-tariff";

// Opened by the bell only, so its chunk stays out of the first load.
const NotificationsSheet = lazyPart(() =>
  import("./notifications-sheet").then((m) => ({ default: m.NotificationsSheet })),
);
// Reads the user's tariff: its code (and TanStack Query's observers) loads after the first paint.
const HeaderTariff = lazyPart(() => import("./header-tariff"));

export function Header() {
  const t = useTranslations("Shell");
  const [bellOpen, setBellOpen] = useState(false);
  return (
    <header className="app-header">
      <Link href={routes.home()} className="app-header__logo">
        <img src="/logo.svg" alt="" width={28} height={28} />
        <span>{t("appName")}</span>
      </Link>
      <div className="app-header__actions">
        <button
          type="button"
          className="icon-button"
          aria-label={t("notifications")}
          aria-expanded={bellOpen}
          data-testid="header-bell"
          onClick={() => setBellOpen(true)}
        >
          <BellIcon />
        </button>
        <Link href={routes.packStore()} className="icon-button" aria-label={t("cart")} data-testid="header-cart">
          <CartIcon />
        </Link>
        {/* Until the user's tariff is read, the badge says the one last seen on this device (else Free). */}
        <AfterPaint placeholder={<TariffPill name={snapshotTariffName(t("freeTariff"))} />}>
          <HeaderTariff />
        </AfterPaint>
      </div>
      {bellOpen && (
        <Suspense fallback={null}>
          <NotificationsSheet onClose={() => setBellOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

const BellIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
    <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </svg>
);

const CartIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
    <circle cx="9" cy="21" r="1" />
    <circle cx="20" cy="21" r="1" />
    <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
  </svg>
);
