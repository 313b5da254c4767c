import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openAssistantChat, openUserRequests, screenshot, seriousViolations } from "./helpers";

// The operator's bad day in demo mode: an owner adds two channels of gpt-4o-mini whose endpoints
// refuse connections, tests one, shares traffic between them 3:1, and watches them fail a user's turns
// until the app disables them (CHANNEL_DISABLE_FAILURES is 3 on the e2e servers); the owner (the demo
// operator, whose bot chat is the demo chat) receives the bot's notices, finds the user's turns in the
// request log, exports it and reads it back; the console's new screens hold at 390 px and pass axe.

/** The demo operator: an owner in demo mode, its Telegram id the demo user's. */
const OPERATOR_ID = 100000001;

async function signInAsDemoOperator(page: Page) {
  await page.goto("/admin?lang=en#channels");
  await page.getByTestId("admin-demo-sign-in").click();
  await expect(page.getByTestId("admin-console")).toBeVisible();
}

async function addChannel(page: Page, name: string, baseUrl: string) {
  const form = page.getByTestId("admin-channel-form");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Base URL").fill(baseUrl);
  await form.getByLabel("API key").fill(`sk-${name.toLowerCase()}-0123456789`);
  await form.getByLabel("Priority").fill("0");
  await form.getByLabel("Models, one per line").fill("gpt-4o-mini = gpt-4o-mini");
  await form.getByRole("button", { name: "Add channel" }).click();
  await expect(page.getByTestId("admin-channel-row").filter({ hasText: name })).toBeVisible();
}

/** The user's text turns in the demo chat, each waited for (it fails: every channel refuses). */
async function failingTurns(page: Page, n: number) {
  const bot = page.getByTestId("demo-chat-bot");
  for (let i = 0; i < n; i++) {
    const before = await bot.count();
    await page.getByTestId("demo-chat-input").fill(`turn ${i} of a private question 314159`);
    await page.getByTestId("demo-chat-send").click();
    await expect(bot).toHaveCount(before + 1, { timeout: 30_000 });
  }
}

/** At 390 px: the page does not scroll sideways and the tab bar fits the screen (it wraps). */
async function fitsThePhone(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const nav = await page.locator(".admin-nav").boundingBox();
  expect(nav && nav.x >= 0 && nav.x + nav.width <= 390).toBe(true);
  for (const link of await page.locator(".admin-nav a").all()) {
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
}

test("a failing channel is tested, weighted, disabled by the app with the bot's notice to the owner; the user's turns are in the request log and its CSV", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemoOperator(page);
  // Ports fetch never calls (the "bad ports" of the Fetch standard): every call fails at once.
  await addChannel(page, "Down", "http://127.0.0.1:9/v1");
  await addChannel(page, "Backup", "http://127.0.0.1:1/v1");

  const down = page.getByTestId("admin-channel-row").filter({ hasText: "Down" });
  await down.getByTestId("admin-channel-test").click();
  const results = page.getByTestId("admin-channel-test-results");
  await expect(results).toContainText("gpt-4o-mini");
  await expect(results).toContainText("Failed: ");

  await down.getByRole("button", { name: "Edit" }).click();
  await page.getByTestId("admin-channel-form").getByLabel("Weight").fill("3");
  await page.getByTestId("admin-channel-form").getByRole("button", { name: "Save" }).click();
  await expect(down.locator("td").nth(1)).toHaveText("3");
  await screenshot(page, "admin-alerts-channels-weighted-1280");

  // A user's turns with gpt-4o-mini: both channels fail each one.
  const user = await browser.newPage({ viewport: { width: 400, height: 860 } });
  const telegramId = await openAssistantChat(user);
  await failingTurns(user, 3);
  await user.close();

  await page.reload();
  for (const name of ["Down", "Backup"])
    await expect(page.getByTestId("admin-channel-row").filter({ hasText: name })).toContainText("Disabled by the app");
  await screenshot(page, "admin-alerts-channels-disabled-1280");
  await page.getByTestId("admin-nav-audit").click();
  await expect(page.locator("tr", { hasText: "channel.auto_disable" }).first()).toContainText("the app");

  // The owner's bot chat (the demo chat of the demo operator) has the notices.
  const chat = await browser.newPage({ viewport: { width: 400, height: 860 } });
  await chat.goto(`/demo-chat?lang=en&demo_user=${OPERATOR_ID}`);
  const notices = chat.getByTestId("demo-chat-bot");
  for (const text of [/«Down» (was disabled|отключён)/, /«Backup» (was disabled|отключён)/, /gpt-4o-mini/])
    await expect(notices.filter({ hasText: text }).first()).toBeVisible({ timeout: 30_000 });
  await screenshot(chat, "admin-alerts-owner-chat");
  await chat.close();

  // The user's turns in the request log, from their page: failed on both channels, no text.
  await openUserRequests(page, telegramId);
  const rows = page.getByTestId("admin-request-row");
  await expect(rows).toHaveCount(6);
  await expect(rows.filter({ hasText: "failed" })).toHaveCount(6);
  await expect(page.getByTestId("admin-requests")).not.toContainText("314159");

  await page.getByTestId("admin-nav-dashboard").click();
  const download = page.waitForEvent("download");
  await page.getByTestId("admin-export-requests").click();
  const bytes = await readFile(await (await download).path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  const failed = lines.filter((l) => l.includes(",gpt-4o-mini,") && l.includes(",failed,"));
  expect(failed.length).toBeGreaterThanOrEqual(6);
  expect(lines.join("\n")).not.toContain("314159");
  await expect(page.getByTestId("dashboard-channels")).toContainText("Down");
  await screenshot(page, "admin-alerts-dashboard-1280");

  // The owner removes the dead channels: the models go back to the default endpoint (and the
  // worker's other flows find no channels of this one's).
  await page.getByTestId("admin-nav-channels").click();
  for (const name of ["Down", "Backup"]) {
    page.once("dialog", (dialog) => void dialog.accept());
    await page
      .getByTestId("admin-channel-row")
      .filter({ hasText: name })
      .getByRole("button", { name: "Delete" })
      .click();
  }
  await expect(page.getByTestId("admin-channel-row")).toHaveCount(0);
});

test("the alerts section: an owner turns a kind off and moves a threshold; the console fits 390 px and passes axe", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemoOperator(page);
  await page.getByTestId("admin-nav-operators").click();
  const table = page.getByTestId("admin-alerts");
  await expect(table).toContainText("Bot outbox backlog");
  await page.getByTestId("admin-alert-edit-outbox_backlog").click();
  await page.getByLabel("Threshold").fill("250");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(table.locator("tr", { hasText: "Bot outbox backlog" })).toContainText("250");
  await page.getByTestId("admin-alert-edit-model_down").click();
  await page.getByLabel("On", { exact: true }).uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(table.locator("tr", { hasText: "A model with no working channel" })).toContainText("off");
  await screenshot(page, "admin-alerts-operators-1280");
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ["operators", "channels", "dashboard", "requests"]) {
    await page.getByTestId(`admin-nav-${tab}`).click();
    await page.locator(".admin-main h1").waitFor();
    await expect(page.locator("[aria-busy=true], .admin-main [role=progressbar]")).toHaveCount(0);
    await fitsThePhone(page);
    expect(await seriousViolations(page), tab).toEqual([]);
    await screenshot(page, `admin-alerts-${tab}-390`);
  }
});
