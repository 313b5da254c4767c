// One row per screen: its wouter pattern and the function that builds its hash path. The router
// matches rows in this order (a literal segment before a parameter). Each row's lazily loaded
// module is in components/shell/screen-registry.ts under the same name, so screens import their
// paths from here without an import circle through every other screen.
const screen = <Build extends (...args: never[]) => string>(pattern: string, build: Build) => ({ pattern, build });

export const screenTable = {
  home: screen("/", () => "/"),
  textAssistants: screen("/text-assistants", () => "/text-assistants"),
  imageAssistants: screen("/image-assistants", () => "/image-assistants"),
  favorites: screen("/assistant-category/favorit", () => "/assistant-category/favorit"),
  assistantCategory: screen(
    "/assistant-category/:typeAssistant/:typeName",
    (typeAssistant: string, typeName: string) =>
      `/assistant-category/${encodeURIComponent(typeAssistant)}/${encodeURIComponent(typeName)}`,
  ),
  tariff: screen("/tariff", () => "/tariff"),
  customTariffPay: screen(
    "/tariffPay/Custom/:textprice/:audioprice/:imageprice/:videoprice/:filesprice/:allprice",
    (p: { text: number; audio: number; image: number; video: number; files: number; allprice: number }) =>
      `/tariffPay/Custom/${p.text}/${p.audio}/${p.image}/${p.video}/${p.files}/${p.allprice}`,
  ),
  // `autoPay`: the payment opens with auto-payment switched on (from the auto-payment page).
  tariffPay: screen(
    "/tariffPay/:title",
    (title: string, options: { autoPay?: boolean } = {}) =>
      `/tariffPay/${encodeURIComponent(title)}${options.autoPay ? "?autopay=on" : ""}`,
  ),
  createTariff: screen("/CreateTariff", () => "/CreateTariff"),
  packStore: screen("/PackStorePage", () => "/PackStorePage"),
  packagePay: screen(
    "/packagePay/:packageId",
    (packageId: number | string) => `/packagePay/${encodeURIComponent(String(packageId))}`,
  ),
  personalAccount: screen("/PersonalAccountPage", () => "/PersonalAccountPage"),
  autoPay: screen("/AutoPayPage", () => "/AutoPayPage"),
  limits: screen("/LimitPage", () => "/LimitPage"),
  history: screen("/history", () => "/history"),
  historySession: screen("/history/:id", (id: number | string) => `/history/${encodeURIComponent(String(id))}`),
  video: screen("/video", (action: VideoAction) => `/video?action=${action}`),
  videoSetup: screen(
    "/video/setup",
    (p: { action: VideoAction; modelId: number | string; modelName: string }) =>
      `/video/setup?action=${p.action}&modelId=${encodeURIComponent(String(p.modelId))}&modelName=${encodeURIComponent(p.modelName)}`,
  ),
  videoProcess: screen("/video-process", () => "/video-process"),
};

export type VideoAction = "text_to_video" | "image_to_video" | "video_to_video";

export type ScreenName = keyof typeof screenTable;

// Every screen's hash path, built in one place. Screens never concatenate paths by hand.
export const routes = Object.fromEntries(Object.entries(screenTable).map(([name, row]) => [name, row.build])) as {
  [Name in ScreenName]: (typeof screenTable)[Name]["build"];
};
