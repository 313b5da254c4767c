import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { routes, type screenTable } from "../../lib/routes";

// The screen table (lib/routes.ts) as the end-to-end specs walk it.
export type Lang = "ru" | "en";

// One row per screen of the screen table (lib/routes.ts): the path it is opened at and what shows once
// it has loaded. Typed by the table, so a new screen without a row here does not compile.
export type ScreenRow = { path: string; ready: string };
export type Fixtures = { packageId: number; sessionId: number; categoryName: string };

export const screenRows = (f: Fixtures): { [Name in keyof typeof screenTable]: ScreenRow } => ({
  home: { path: routes.home(), ready: "[data-testid=greeting]" },
  textAssistants: { path: routes.textAssistants(), ready: "[data-testid=category-study]" },
  imageAssistants: { path: routes.imageAssistants(), ready: "[data-testid^=assistant-]" },
  favorites: { path: routes.favorites(), ready: ".page h1" },
  assistantCategory: { path: routes.assistantCategory("study", f.categoryName), ready: "[data-testid^=assistant-]" },
  tariff: { path: routes.tariff(), ready: "[data-testid=tariff-choose]" },
  customTariffPay: {
    path: routes.customTariffPay({ text: 2_000_000, audio: 100, image: 100, video: 20, files: 100, allprice: 1000 }),
    ready: "[data-testid=pay-total]",
  },
  tariffPay: { path: routes.tariffPay("Starter"), ready: "[data-testid=pay-total]" },
  createTariff: { path: routes.createTariff(), ready: "[data-testid=dial-text]" },
  packStore: { path: routes.packStore(), ready: "[data-testid=package-buy]" },
  packagePay: { path: routes.packagePay(f.packageId), ready: "[data-testid=pay-total]" },
  personalAccount: { path: routes.personalAccount(), ready: "[data-testid=personal-account]" },
  autoPay: { path: routes.autoPay(), ready: "[data-testid=auto-pay]" },
  limits: { path: routes.limits(), ready: "[data-testid=limit-text]" },
  history: { path: routes.history(), ready: "[data-testid=history-list]" },
  historySession: { path: routes.historySession(f.sessionId), ready: "[data-testid=history-message]" },
  video: { path: routes.video("text_to_video"), ready: "[data-testid=video-models]" },
  videoSetup: {
    path: routes.videoSetup({ action: "image_to_video", modelId: 0, modelName: "gen4_turbo" }),
    ready: "[data-testid=video-setup]",
  },
  videoProcess: { path: routes.videoProcess(), ready: "[data-testid=video-process]" },
});

/** A demo user with a dialogue in their history, and the ids the screens with parameters need. */
export async function fixtures(request: APIRequestContext, userId: number, lang: Lang): Promise<Fixtures> {
  const { initData } = await (await request.get(`/api/demo/init-data?user=${userId}&lang=${lang}`)).json();
  const { jwtToken } = await (await request.post("/api/auth/telegram-login", { data: { initData } })).json();
  const headers = { authorization: `Bearer ${jwtToken}` };
  const history = await request.post("/api/demo/history", {
    headers,
    data: {
      sessions: [
        {
          name: lang === "en" ? "Trip plan" : "План поездки",
          messages: [{ user_text: "Куда поехать в мае?", ai_text: "В Калининград: **тепло** и мало людей." }],
        },
      ],
    },
  });
  expect(history.status()).toBe(200);
  const packages = (await (await request.get("/api/package", { headers })).json()) as { package_id: number }[];
  return {
    packageId: packages[0].package_id,
    sessionId: (await history.json()).session_ids[0],
    categoryName: lang === "en" ? "Study" : "Учёба",
  };
}

/** Opens a screen in the running demo: by its hash, or (a route with its own query) by a page load. */
export async function showScreen(page: Page, path: string, demo: URLSearchParams) {
  const [hashPath, routeQuery] = path.split("?");
  if (routeQuery) await page.goto(`/?${demo}&${routeQuery}#${hashPath}`);
  else await page.evaluate((hash) => (window.location.hash = hash), hashPath);
}
