"use client";
import { createElement, Suspense, useState } from "react";
import { Link } from "wouter";
import { useTranslations } from "next-intl";
import { routes } from "@/lib/routes";
import { HEADER_ICONS, type HeaderIconName } from "@/lib/client/header-icons";
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
          <HeaderIcon name="bell" />
        </button>
        <Link href={routes.packStore()} className="icon-button" aria-label={t("cart")} data-testid="header-cart">
          <HeaderIcon name="cart" />
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

// The same frame as the launch copy's (lib/client/launch-splash.ts), so the first frame's icons are these.
const HeaderIcon = ({ name }: { name: HeaderIconName }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
    {HEADER_ICONS[name].map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
  </svg>
);
