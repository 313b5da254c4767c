// Every screen's hash path, built in one place. Screens never concatenate paths by hand.
export const routes = {
  home: () => "/",
  textAssistants: () => "/text-assistants",
  imageAssistants: () => "/image-assistants",
  assistantCategory: (typeAssistant: string, typeName: string) =>
    `/assistant-category/${encodeURIComponent(typeAssistant)}/${encodeURIComponent(typeName)}`,
  favorites: () => "/assistant-category/favorit",
  tariff: () => "/tariff",
  tariffPay: (title: string) => `/tariffPay/${encodeURIComponent(title)}`,
  createTariff: () => "/CreateTariff",
  customTariffPay: (p: { text: number; audio: number; image: number; video: number; files: number; allprice: number }) =>
    `/tariffPay/Custom/${p.text}/${p.audio}/${p.image}/${p.video}/${p.files}/${p.allprice}`,
  packStore: () => "/PackStorePage",
  packagePay: (packageId: number | string) => `/packagePay/${encodeURIComponent(String(packageId))}`,
  personalAccount: () => "/PersonalAccountPage",
  autoPay: () => "/AutoPayPage",
  limits: () => "/LimitPage",
  history: () => "/history",
  historySession: (id: number | string) => `/history/${encodeURIComponent(String(id))}`,
  video: (action: VideoAction) => `/video?action=${action}`,
  videoSetup: (p: { action: VideoAction; modelId: number | string; modelName: string }) =>
    `/video/setup?action=${p.action}&modelId=${encodeURIComponent(String(p.modelId))}&modelName=${encodeURIComponent(p.modelName)}`,
  videoProcess: () => "/video-process",
} as const;

export type VideoAction = "text_to_video" | "image_to_video" | "video_to_video";

// Route patterns (wouter syntax) in the order they are matched.
export const routePatterns = {
  home: "/",
  textAssistants: "/text-assistants",
  imageAssistants: "/image-assistants",
  favorites: "/assistant-category/favorit",
  assistantCategory: "/assistant-category/:typeAssistant/:typeName",
  tariff: "/tariff",
  customTariffPay: "/tariffPay/Custom/:textprice/:audioprice/:imageprice/:videoprice/:filesprice/:allprice",
  tariffPay: "/tariffPay/:title",
  createTariff: "/CreateTariff",
  packStore: "/PackStorePage",
  packagePay: "/packagePay/:packageId",
  personalAccount: "/PersonalAccountPage",
  autoPay: "/AutoPayPage",
  limits: "/LimitPage",
  history: "/history",
  historySession: "/history/:id",
  video: "/video",
  videoSetup: "/video/setup",
  videoProcess: "/video-process",
} as const;
