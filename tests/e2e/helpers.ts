import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// Screenshots go to the run's output folder (E2E_OUTPUT_DIR), beside its other artefacts, never into the repository.
const SCREENSHOT_DIR = path.resolve(process.env.E2E_OUTPUT_DIR ?? "test-results", "screenshots");
let nextUser = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

/** Opens the app as a fresh demo user (each test gets its own account). */
export async function openApp(page: Page, options: { lang?: "ru" | "en"; userId?: number; hash?: string } = {}) {
  const userId = options.userId ?? nextUser++;
  const query = new URLSearchParams({ demo_user: String(userId) });
  if (options.lang) query.set("demo_lang", options.lang);
  await page.goto(`/?${query}${options.hash ? `#${options.hash}` : ""}`);
  await page.getByTestId("header-tariff").waitFor();
  // The shell shows before sign-in ends (docs/decisions/0008-first-paint-without-sdk.md); a test
  // that calls the API itself needs the token.
  await page.waitForFunction(() => localStorage.getItem("session") !== null);
  return userId;
}

/** The bearer token the app keeps for its launch user (lib/client/session.ts). */
export const storedToken = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("session") ?? "null") as { token?: string } | null)?.token);

/** Saves a full-page screenshot under the output folder's screenshots/ to be looked at. */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/**
 * Follows the sandbox checkout's "back to the app" link, which closes the checkout tab the app opened, and
 * waits until it has. Playwright's click can end after the page is gone and then fails though the click
 * landed: that is only an error while the tab is still open.
 */
export async function backFromCheckout(checkout: Page) {
  const closed = checkout.waitForEvent("close");
  await checkout
    .getByTestId("checkout-back")
    .click()
    .catch((error: unknown) => {
      if (!checkout.isClosed()) throw error;
    });
  await closed;
}

/** Pays on the sandbox checkout that the Pay button opens in a new tab, and closes the tab. */
export async function payInSandbox(page: Page) {
  const popupPromise = page.waitForEvent("popup");
  await page.getByTestId("pay-button").click();
  const popup = await popupPromise;
  await popup.getByTestId("checkout-confirm").click();
  await expect(popup.getByTestId("checkout-result")).toHaveAttribute("data-status", "completed");
  await popup.close();
}

/**
 * Holds the page's sign-in (POST /api/auth/telegram-login) until `release()`: `requested()` tells
 * whether the page has asked for it meanwhile.
 */
export async function holdSignIn(page: Page): Promise<{ requested: () => boolean; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route("**/api/auth/telegram-login", async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { requested: () => requested, release };
}

/** Buys Starter (gen4_turbo, 50 video tokens) through the sandbox checkout, then returns Home. */
export async function becomeStarter(page: Page) {
  await openApp(page, { hash: "/tariffPay/Starter" });
  await payInSandbox(page);
  await page.goto(page.url().replace(/#.*$/, "#/"));
  await page.reload();
  await expect(page.getByTestId("header-tariff")).toHaveText("Starter");
}

/** The critical and serious violations on the page, one line per rule with the first offending nodes. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return (
    violations
      // heading-order is only "moderate", but a skipped level misleads a screen reader's outline.
      .filter((v) => v.impact === "critical" || v.impact === "serious" || v.id === "heading-order")
      .map(
        (v) =>
          `${v.id} (${v.nodes.length}): ${v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`)
            .join(" | ")}`,
      )
  );
}

/** A fresh demo user starts the SQL assistant with GPT-4o mini and opens its demo chat; answers the user's id. */
export async function openAssistantChat(page: Page): Promise<number> {
  const telegramId = await openApp(page, { hash: "/text-assistants" });
  await page.getByTestId("category-coding").click();
  await page.locator("article", { hasText: "SQL-помощник" }).getByRole("button", { name: "Старт" }).click();
  await page.getByTestId("model-modal").getByTestId("modal-model-gpt-4o-mini").click();
  await page.getByTestId("assistant-launched").getByTestId("demo-chat-link").click();
  await expect(page.getByTestId("demo-chat-bot").first()).toBeVisible({ timeout: 20_000 });
  return telegramId;
}

/** In the console: finds a user by Telegram id and opens their calls in the request log. */
export async function openUserRequests(page: Page, telegramId: number) {
  await page.getByTestId("admin-nav-users").click();
  await page.getByTestId("admin-users-search").fill(String(telegramId));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("admin-user-row")).toHaveCount(1);
  await page.getByTestId("admin-user-row").getByRole("button").click();
  await page.getByTestId("admin-user-requests").click();
  await expect(page.getByTestId("admin-requests")).toBeVisible();
}
