import type { ComponentType } from "react";

type ScreenModule = Promise<{ default: ComponentType }>;

// One row per screen: its wouter pattern, the function that builds its hash path, and its lazily
// loaded module. The router matches rows in this order (a literal segment before a parameter).
const screen = <Build extends (...args: never[]) => string>(pattern: string, build: Build, load: () => ScreenModule) => ({
  pattern,
  build,
  load,
});

export const screenTable = {
  home: screen("/", () => "/", () => import("@/components/screens/home/home-screen")),
  textAssistants: screen("/text-assistants", () => "/text-assistants", () => import("@/components/screens/assistants/text-assistants-screen")),
  imageAssistants: screen("/image-assistants", () => "/image-assistants", () => import("@/components/screens/assistants/image-assistants-screen")),
  favorites: screen(
    "/assistant-category/favorit",
    () => "/assistant-category/favorit",
    () => import("@/components/screens/assistants/favorites-screen"),
  ),
  assistantCategory: screen(
    "/assistant-category/:typeAssistant/:typeName",
    (typeAssistant: string, typeName: string) =>
      `/assistant-category/${encodeURIComponent(typeAssistant)}/${encodeURIComponent(typeName)}`,
    () => import("@/components/screens/assistants/assistant-list-screen"),
  ),
  tariff: screen("/tariff", () => "/tariff", () => import("@/components/screens/tariffs/tariff-list-screen")),
  customTariffPay: screen(
    "/tariffPay/Custom/:textprice/:audioprice/:imageprice/:videoprice/:filesprice/:allprice",
    (p: { text: number; audio: number; image: number; video: number; files: number; allprice: number }) =>
      `/tariffPay/Custom/${p.text}/${p.audio}/${p.image}/${p.video}/${p.files}/${p.allprice}`,
    () => import("@/components/screens/tariffs/custom-tariff-pay-screen"),
  ),
  tariffPay: screen(
    "/tariffPay/:title",
    (title: string) => `/tariffPay/${encodeURIComponent(title)}`,
    () => import("@/components/screens/tariffs/tariff-pay-screen"),
  ),
  createTariff: screen("/CreateTariff", () => "/CreateTariff", () => import("@/components/screens/tariffs/create-tariff-screen")),
  packStore: screen("/PackStorePage", () => "/PackStorePage", () => import("@/components/screens/packages/pack-store-screen")),
  packagePay: screen(
    "/packagePay/:packageId",
    (packageId: number | string) => `/packagePay/${encodeURIComponent(String(packageId))}`,
    () => import("@/components/screens/packages/package-pay-screen"),
  ),
  personalAccount: screen(
    "/PersonalAccountPage",
    () => "/PersonalAccountPage",
    () => import("@/components/screens/account/personal-account-screen"),
  ),
  autoPay: screen("/AutoPayPage", () => "/AutoPayPage", () => import("@/components/screens/account/auto-pay-screen")),
  limits: screen("/LimitPage", () => "/LimitPage", () => import("@/components/screens/account/limits-screen")),
  history: screen("/history", () => "/history", () => import("@/components/screens/history/history-list-screen")),
  historySession: screen(
    "/history/:id",
    (id: number | string) => `/history/${encodeURIComponent(String(id))}`,
    () => import("@/components/screens/history/history-session-screen"),
  ),
  video: screen("/video", (action: VideoAction) => `/video?action=${action}`, () => import("@/components/screens/video/video-models-screen")),
  videoSetup: screen(
    "/video/setup",
    (p: { action: VideoAction; modelId: number | string; modelName: string }) =>
      `/video/setup?action=${p.action}&modelId=${encodeURIComponent(String(p.modelId))}&modelName=${encodeURIComponent(p.modelName)}`,
    () => import("@/components/screens/video/video-setup-screen"),
  ),
  videoProcess: screen("/video-process", () => "/video-process", () => import("@/components/screens/video/video-process-screen")),
};

export type VideoAction = "text_to_video" | "image_to_video" | "video_to_video";

type ScreenName = keyof typeof screenTable;

// Every screen's hash path, built in one place. Screens never concatenate paths by hand.
export const routes = Object.fromEntries(Object.entries(screenTable).map(([name, row]) => [name, row.build])) as {
  [Name in ScreenName]: (typeof screenTable)[Name]["build"];
};
