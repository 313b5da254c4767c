import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openAssistantChat, openUserRequests, screenshot } from "./helpers";

// The operator's second console in demo mode: a user's sandbox turn is found in the request log from
// their page, the request log is exported and read back (UTF-8 with BOM), an owner adds a support
// operator, and each new screen stays usable at 390 px.

async function signInAsDemoOperator(page: Page) {
  await page.goto("/admin?lang=en");
  await page.getByTestId("admin-demo-sign-in").click();
  await expect(page.getByTestId("admin-console")).toBeVisible();
}

test("a user's turn is in the request log from their page, and the request log exports as CSV", async ({ page }) => {
  test.setTimeout(120_000);
  const telegramId = await openAssistantChat(page);
  await page.getByTestId("demo-chat-input").fill("a private question 271828");
  await page.getByTestId("demo-chat-send").click();
  await expect(page.getByTestId("demo-chat-bot").filter({ hasText: "— единиц текста:" })).toHaveCount(1, {
    timeout: 30_000,
  });

  await signInAsDemoOperator(page);
  await openUserRequests(page, telegramId);
  const row = page.getByTestId("admin-request-row");
  await expect(row).toHaveCount(1);
  // The model by the name people know, its internal name beside it.
  await expect(row).toContainText("GPT-4o mini gpt-4o-mini");
  await expect(row).toContainText("ok");
  await expect(page.getByTestId("admin-requests")).not.toContainText("271828");
  await screenshot(page, "admin-requests-of-a-user");

  await page.getByTestId("admin-nav-dashboard").click();
  const download = page.waitForEvent("download");
  await page.getByTestId("admin-export-requests").click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  expect(text.split("\r\n")[0]).toBe(
    "id,created_at,user_id,session_id,model_name,channel_id,action,tokens_in,tokens_out,units,latency_ms,status,error,cost_rub",
  );
  expect(text).toContain(",gpt-4o-mini,");
  expect(text).not.toContain("271828");
  await screenshot(page, "admin-dashboard-exports");
});

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["390px", { width: 390, height: 844 }],
] as const) {
  test(`${label}: an owner adds a support operator with limits on the Operators tab`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsDemoOperator(page);
    await page.getByTestId("admin-nav-operators").click();
    await expect(page.getByTestId("admin-operator-row").first()).toContainText("Owner");
    const id = String(700_000_000 + Math.floor(Math.random() * 1_000_000) + (label === "desktop" ? 0 : 1_000_000));
    await page.getByTestId("admin-operator-telegram_id").fill(id);
    await page.getByTestId("admin-operator-role").selectOption("support");
    await page.getByTestId("admin-operator-grant_limit").fill("50");
    await page.getByTestId("admin-operator-save").click();
    await expect(page.getByTestId("admin-operator-row").filter({ hasText: id })).toContainText("Support");
    await screenshot(page, `admin-${label}-operators`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
