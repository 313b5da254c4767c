import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { holdSignIn, openApp, payInSandbox, screenshot } from "./helpers";
import { WEBVIEW_PROXY_SCRIPT, launchHash, signedInitData } from "../helpers/init-data";
import { demoThemeParams } from "@/lib/client/demo-host";

// Issue 46: opened as the messenger opens it (signed launch data in the URL's hash, a host that listens),
// Home paints its greeting, cards and header from the launch data and the account state kept on this
// device, before sign-in answers; sign-in and the account's calls then fill in without moving anything
// (docs/decisions/0506-home-from-launch-data.md).

/**
 * Launch data for `user` signed as the messenger signs it, with the demo server's development bot token
 * (kept in its data folder once the demo has signed anything), as the URL the messenger opens.
 */
async function messengerLaunchUrl(
  { request, port }: { request: APIRequestContext; port: number },
  user: Parameters<typeof signedInitData>[0],
  themeParams: Record<string, string>,
): Promise<string> {
  expect((await request.get("/api/demo/init-data")).ok()).toBe(true);
  const { botToken } = JSON.parse(fs.readFileSync(path.resolve(`.data/e2e-${port}/dev-secrets.json`), "utf8")) as {
    botToken: string;
  };
  return `/${launchHash(signedInitData(user, { token: botToken }), themeParams)}`;
}

/** Holds back every script bundle of the next loads until the answered function is called. */
async function holdBundles(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Records every layout shift of the next loads, as the page reports it (CLS's entries), in window.shifts. */
const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: number[] = [];
    (window as { shifts?: number[] }).shifts = shifts;
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => shifts.push((entry as unknown as { value: number }).value)),
    ).observe({ type: "layout-shift", buffered: true });
  });

test("Home paints from the launch data and the cached tariff while sign-in is held, and nothing shifts after", async ({
  page,
  request,
  appServer,
}) => {
  test.setTimeout(120_000);
  // A Starter account: bought on the demo, so the cached tariff differs from the badge's default (Free).
  const userId = await openApp(page, { hash: "/tariffPay/Starter" });
  await payInSandbox(page);

  // No username: the greeting then shows the first name.
  const launchUrl = await messengerLaunchUrl(
    { request, port: appServer.port },
    { id: userId, first_name: "Мария", username: undefined, language_code: "ru" },
    { bg_color: "#ffffff", text_color: "#000000" },
  );

  // Leave the demo's session and launch behind; the messenger's webview proxy is in every page from now on.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.addInitScript(WEBVIEW_PROXY_SCRIPT);
  await page.goto("about:blank");

  // First launch from the messenger: sign-in and the account's calls answer; the device keeps what they said.
  await page.goto(launchUrl);
  await expect(page.getByTestId("greeting")).toHaveText("Привет, Мария!");
  await expect(page.getByTestId("header-tariff")).toHaveText("Starter");
  const quota = await page.getByTestId("home-quota").textContent();
  expect(quota).toContain("Осталось");

  // Reopened: a new sign-in (the token dropped), held back until the first frame has been checked.
  await page.evaluate(() => localStorage.removeItem("session"));
  await page.goto("about:blank");
  const signIn = await holdSignIn(page);
  await recordLayoutShifts(page);
  // The page's launch copy, before any bundle runs, already has the tariff this device saw for the user.
  const releaseBundles = await holdBundles(page);
  await page.goto(launchUrl, { waitUntil: "commit" });
  await expect(page.locator(".launch-splash .tariff-pill")).toHaveText("Starter");
  releaseBundles();

  await expect(page.getByTestId("greeting")).toHaveText("Привет, Мария!");
  await expect(page.getByTestId("header-tariff")).toHaveText("Starter");
  await expect(page.getByTestId("home-quota")).toHaveText(quota!);
  await expect(page.getByTestId("card-assistants")).toBeVisible();
  await expect.poll(signIn.requested).toBe(true);
  // Read in one go in the page: the badge and the balance line are swapped for their loaded parts meanwhile.
  const boxes = () =>
    page.evaluate(() =>
      ["greeting", "header-tariff", "card-new-dialog", "home-quota", "card-market"].map((id) => {
        const box = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
        return box && { id, x: box.x, y: box.y, width: box.width, height: box.height };
      }),
    );
  const before = await boxes();
  expect(before.every(Boolean)).toBe(true);
  await screenshot(page, "home-launch-sign-in-held-ru", { fullPage: false });

  const signedIn = page.waitForResponse((res) => res.url().includes("/api/auth/telegram-login") && res.ok());
  const tariffRead = page.waitForResponse((res) => res.url().includes("/api/user/user-tariff") && res.ok());
  const statisticRead = page.waitForResponse((res) => res.url().includes("/api/user/statistic") && res.ok());
  signIn.release();
  await Promise.all([signedIn, tariffRead, statisticRead]);
  await page.waitForLoadState("networkidle");

  await expect(page.getByTestId("header-tariff")).toHaveText("Starter");
  await expect(page.getByTestId("home-quota")).toHaveText(quota!);
  expect(await boxes()).toEqual(before);
  expect(await page.evaluate(() => (window as { shifts?: number[] }).shifts)).toEqual([]);
  await screenshot(page, "home-launch-signed-in-ru", { fullPage: false });
});

// The page's inline launch script (lib/client/launch-splash.ts) paints the messenger's colours and the
// greeting before any bundle is fetched; the shell's first commit takes its place without a shift.
test("the greeting is in the page's first frame before any script loads, where the shell then renders it", async ({
  page,
  request,
  appServer,
}) => {
  // Any Telegram user: the launch data is signed as the messenger signs it, so sign-in accepts it later.
  // The messenger's dark palette, every colour of it (the demo's copy of Telegram's).
  const launchUrl = await messengerLaunchUrl(
    { request, port: appServer.port },
    {
      id: 7_460_000_000 + Math.floor(Math.random() * 1_000_000),
      first_name: "Mary",
      username: undefined,
      language_code: "en",
    },
    demoThemeParams("dark"),
  );

  const failures: string[] = [];
  page.on("pageerror", (error) => failures.push(error.message));
  page.on("console", (message) => message.type() === "error" && failures.push(message.text()));
  await page.addInitScript(WEBVIEW_PROXY_SCRIPT);
  await recordLayoutShifts(page);
  // Another account's tariff, kept on this device, is never this user's badge.
  await page.addInitScript(() =>
    localStorage.setItem("account_snapshot", JSON.stringify({ userId: 1, tariff: "Starter", textTokens: 5 })),
  );
  // Every bundle held back: what shows is the HTML and its inline script alone.
  const release = await holdBundles(page);
  await page.goto(launchUrl, { waitUntil: "commit" });

  const splash = page.locator(".launch-splash");
  const splashGreeting = splash.locator("h1");
  await expect(splashGreeting).toHaveText("Hi, Mary!");
  await expect(splash).toContainText("AI Assistant");
  // The whole header: the bell and the cart drawn as the shell draws them, and the badge (no tariff seen yet: Free).
  await expect(splash.locator(".icon-button svg")).toHaveCount(2);
  await expect(splash.locator(".tariff-pill")).toHaveText("Free");
  await expect(page.getByTestId("greeting")).toHaveCount(0);
  await expect(page.locator(".page-spinner")).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  // null while the element is not laid out (a re-render mid-measure on a slow machine): polled below.
  const at = async (locator: typeof splashGreeting) => {
    const box = await locator.boundingBox();
    return box && { x: box.x, y: box.y, width: box.width, height: box.height };
  };
  const splashBoxes = {
    greeting: await at(splashGreeting),
    bell: await at(splash.locator(".icon-button").first()),
    cart: await at(splash.locator(".icon-button").last()),
    badge: await at(splash.locator(".tariff-pill")),
  };
  expect(Object.values(splashBoxes)).not.toContain(null);
  const splashIcons = await splash.locator(".icon-button").evaluateAll((buttons) => buttons.map((b) => b.innerHTML));
  await screenshot(page, "home-launch-splash-en", { fullPage: false });

  release();
  await expect(page.getByTestId("greeting")).toHaveText("Hi, Mary!");
  await expect(page.locator(".launch-splash")).toHaveCount(0);
  await expect(page.locator(".home__greeting")).toHaveCount(1);
  await expect(page.getByTestId("header-tariff")).toHaveText("Free");
  await expect
    .poll(async () => ({
      greeting: await at(page.getByTestId("greeting")),
      bell: await at(page.getByTestId("header-bell")),
      cart: await at(page.getByTestId("header-cart")),
      badge: await at(page.getByTestId("header-tariff")),
    }))
    .toEqual(splashBoxes);
  const shellIcons = await Promise.all(
    ["header-bell", "header-cart"].map((id) => page.getByTestId(id).evaluate((b) => b.innerHTML)),
  );
  expect(shellIcons).toEqual(splashIcons);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as { shifts?: number[] }).shifts)).toEqual([]);
  // Hydration took the server's tree as it was (React reports a mismatch as an error).
  expect(failures).toEqual([]);
  await screenshot(page, "home-launch-splash-taken-over-en", { fullPage: false });
});

test("a dark host that leaves colours out gets dark grounds and light text, not the light defaults", async ({
  page,
  request,
  appServer,
}) => {
  const launchUrl = await messengerLaunchUrl(
    { request, port: appServer.port },
    { id: 7_470_000_000 + Math.floor(Math.random() * 1_000_000), first_name: "Mary", language_code: "en" },
    { bg_color: "#17212b" },
  );
  await page.addInitScript(WEBVIEW_PROXY_SCRIPT);
  await page.goto(launchUrl);
  await expect(page.getByTestId("greeting")).toHaveText(/^Hi, /);
  const colours = await page.evaluate(() => ({
    ground: getComputedStyle(document.querySelector(".app-column")!).backgroundColor,
    text: getComputedStyle(document.querySelector(".home__greeting")!).color,
  }));
  expect(colours).toEqual({ ground: "rgb(14, 22, 33)", text: "rgb(245, 245, 245)" });
  await screenshot(page, "home-dark-host-without-colours-en", { fullPage: false });
});
