"use client";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { useTranslations } from "next-intl";
import { onHostBackButton, setHostBackButton } from "@/lib/client/host";
import type { HostMode } from "@/lib/client/launch-params";
import { routes } from "@/lib/routes";

type BackButtonContextValue = { setHiddenByPage: (hidden: boolean) => void };
const BackButtonContext = createContext<BackButtonContextValue>({ setHiddenByPage: () => {} });

/** A screen with a Back of its own calls this to hide the host back button while it is shown (docs/product/screens.md). */
export function useHideHostBackButton(): void {
  const { setHiddenByPage } = useContext(BackButtonContext);
  useEffect(() => {
    setHiddenByPage(true);
    return () => setHiddenByPage(false);
  }, [setHiddenByPage]);
}

/**
 * Binds the host back button to history: shown on every page but Home (unless the page hides it),
 * one step back on press. In demo mode the host draws nothing, so a look-alike bar stands in for it.
 */
export function HostBackButtonProvider({ mode, children }: { mode: HostMode; children: ReactNode }) {
  const [location] = useLocation();
  const [hiddenByPage, setHiddenByPage] = useState(false);
  const visible = location !== routes.home() && !hiddenByPage;

  useEffect(() => {
    setHostBackButton(visible);
  }, [visible]);
  useEffect(() => onHostBackButton(() => window.history.back()), []);

  return (
    <BackButtonContext.Provider value={{ setHiddenByPage }}>
      {mode === "demo" && <DemoHostBar backVisible={visible} />}
      {children}
    </BackButtonContext.Provider>
  );
}

function DemoHostBar({ backVisible }: { backVisible: boolean }) {
  const t = useTranslations("Shell");
  return (
    <div className="demo-host-bar" data-testid="demo-host-bar">
      {backVisible ? (
        <button
          type="button"
          className="demo-host-back"
          data-testid="host-back-button"
          onClick={() => window.history.back()}
        >
          ‹ {t("back")}
        </button>
      ) : (
        <span />
      )}
      <span className="demo-host-label">{t("demoHost")}</span>
    </div>
  );
}
