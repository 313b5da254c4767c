import type { ComponentType } from "react";
import { screenTable, type ScreenName } from "@/lib/routes";
import HomeScreen from "@/components/screens/home/home-screen";
import { lazyPart } from "./lazy-part";

// Every screen but Home is its own lazily loaded module, so the first load carries only the shell and
// Home; Home (the usual first screen, a small module) is in the shell's chunk, so the greeting renders
// with the shell instead of a spinner and a further chunk.
// The record's type makes a screen without a module (or a module without a row) a compile error.
const screenModules: { [Name in Exclude<ScreenName, "home">]: () => Promise<{ default: ComponentType }> } = {
  textAssistants: () => import("@/components/screens/assistants/text-assistants-screen"),
  imageAssistants: () => import("@/components/screens/assistants/image-assistants-screen"),
  favorites: () => import("@/components/screens/assistants/favorites-screen"),
  assistantCategory: () => import("@/components/screens/assistants/assistant-list-screen"),
  tariff: () => import("@/components/screens/tariffs/tariff-list-screen"),
  customTariffPay: () => import("@/components/screens/tariffs/custom-tariff-pay-screen"),
  tariffPay: () => import("@/components/screens/tariffs/tariff-pay-screen"),
  createTariff: () => import("@/components/screens/tariffs/create-tariff-screen"),
  packStore: () => import("@/components/screens/packages/pack-store-screen"),
  packagePay: () => import("@/components/screens/packages/package-pay-screen"),
  personalAccount: () => import("@/components/screens/account/personal-account-screen"),
  autoPay: () => import("@/components/screens/account/auto-pay-screen"),
  limits: () => import("@/components/screens/account/limits-screen"),
  history: () => import("@/components/screens/history/history-list-screen"),
  historySession: () => import("@/components/screens/history/history-session-screen"),
  video: () => import("@/components/screens/video/video-models-screen"),
  videoSetup: () => import("@/components/screens/video/video-setup-screen"),
  videoProcess: () => import("@/components/screens/video/video-process-screen"),
};

type ScreenEntry = { pattern: string; component: ComponentType };

// In the table's order, which is the order the router matches patterns in. Home renders with the
// first paint's messages and without data; every other screen waits for all messages and the query
// client (lazy-part.ts).
export const screens: ScreenEntry[] = (Object.keys(screenTable) as ScreenName[]).map((name) => ({
  pattern: screenTable[name].pattern,
  component: name === "home" ? HomeScreen : lazyPart(screenModules[name]),
}));
