import { lazy, type ComponentType } from "react";
import { routePatterns } from "@/lib/routes";

// Every screen is its own lazily loaded module, so the first load carries only the shell and Home.
type ScreenEntry = { pattern: string; component: ComponentType };

export const screens: ScreenEntry[] = [
  { pattern: routePatterns.home, component: lazy(() => import("@/components/screens/home/home-screen")) },
  { pattern: routePatterns.textAssistants, component: lazy(() => import("@/components/screens/assistants/text-assistants-screen")) },
  { pattern: routePatterns.imageAssistants, component: lazy(() => import("@/components/screens/assistants/image-assistants-screen")) },
  { pattern: routePatterns.favorites, component: lazy(() => import("@/components/screens/assistants/favorites-screen")) },
  { pattern: routePatterns.assistantCategory, component: lazy(() => import("@/components/screens/assistants/assistant-list-screen")) },
  { pattern: routePatterns.tariff, component: lazy(() => import("@/components/screens/tariffs/tariff-list-screen")) },
  { pattern: routePatterns.customTariffPay, component: lazy(() => import("@/components/screens/tariffs/custom-tariff-pay-screen")) },
  { pattern: routePatterns.tariffPay, component: lazy(() => import("@/components/screens/tariffs/tariff-pay-screen")) },
  { pattern: routePatterns.createTariff, component: lazy(() => import("@/components/screens/tariffs/create-tariff-screen")) },
  { pattern: routePatterns.packStore, component: lazy(() => import("@/components/screens/packages/pack-store-screen")) },
  { pattern: routePatterns.packagePay, component: lazy(() => import("@/components/screens/packages/package-pay-screen")) },
  { pattern: routePatterns.personalAccount, component: lazy(() => import("@/components/screens/account/personal-account-screen")) },
  { pattern: routePatterns.autoPay, component: lazy(() => import("@/components/screens/account/auto-pay-screen")) },
  { pattern: routePatterns.limits, component: lazy(() => import("@/components/screens/account/limits-screen")) },
  { pattern: routePatterns.history, component: lazy(() => import("@/components/screens/history/history-list-screen")) },
  { pattern: routePatterns.historySession, component: lazy(() => import("@/components/screens/history/history-session-screen")) },
  { pattern: routePatterns.video, component: lazy(() => import("@/components/screens/video/video-models-screen")) },
  { pattern: routePatterns.videoSetup, component: lazy(() => import("@/components/screens/video/video-setup-screen")) },
  { pattern: routePatterns.videoProcess, component: lazy(() => import("@/components/screens/video/video-process-screen")) },
];
