"use client";
import { Suspense } from "react";
import { useTranslations } from "next-intl";
import { PageSpinner } from "@/components/ui/page-spinner";
import { setAdminToken } from "@/lib/client/admin-session";
import { useAdminMe } from "@/lib/queries/admin/operators";
import { tabShownTo } from "@/lib/shared/operator-roles";
import { useConsoleRoute } from "./console-route";
import { CONSOLE_TABS } from "./tabs";
import { LinkButton } from "./ui/link-button";

/**
 * The signed-in console: a header, the nav of the tabs (components/admin/tabs.ts) the operator's role
 * may use (GET /api/admin/me; the server refuses the others' calls anyway) and the open screen.
 */
export function ConsoleLayout({ languageHref }: { languageHref: string }) {
  const t = useTranslations("admin");
  const route = useConsoleRoute();
  const role = useAdminMe().data?.role;
  const tabs = role ? CONSOLE_TABS.filter((tab) => tabShownTo(role, tab.id)) : CONSOLE_TABS;
  const active = tabs.find((tab) => tab.id === route.tab) ?? tabs[0];
  const { Screen } = active;
  return (
    <div className="admin-console" data-testid="admin-console">
      <header className="admin-header">
        <strong>{t("title")}</strong>
        <span className="admin-header__actions">
          <a href={languageHref}>{t("language")}</a>
          <LinkButton data-testid="admin-sign-out" onClick={() => setAdminToken(null)}>
            {t("signOut")}
          </LinkButton>
        </span>
      </header>
      <nav className="admin-nav" aria-label={t("nav.label")}>
        {tabs.map((tab) => (
          <a
            key={tab.id}
            href={`#${tab.id}`}
            aria-current={tab === active ? "page" : undefined}
            data-testid={`admin-nav-${tab.id}`}
          >
            {t(`nav.${tab.label}`)}
          </a>
        ))}
      </nav>
      <main className="admin-main">
        <Suspense fallback={<PageSpinner />}>
          <Screen route={route} />
        </Suspense>
      </main>
    </div>
  );
}
