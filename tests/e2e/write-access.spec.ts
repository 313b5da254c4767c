import { expect, test } from "./fixtures";

// Issue 16: a user who never started the bot has not allowed it to write. The host is asked before
// the first launch; a refusal stops the launch and says how to continue.
test("a user who refuses the bot write access is told to open the bot, and nothing is launched", async ({ page }) => {
  let launched = false;
  page.on("request", (r) => r.url().endsWith("/api/models/session") && (launched = true));
  await page.goto(`/?demo_user=${870_000_000 + Math.floor(Math.random() * 1_000_000)}&demo_write=deny`);
  await page.getByTestId("header-tariff").waitFor();
  await page.getByTestId("card-new-dialog").click();
  await page.getByTestId("model-picker-text").getByTestId("model-option-gpt-4o-mini").click();
  await expect(page.getByText("Бот пока не может вам писать")).toBeVisible();
  expect(launched).toBe(false);
});

test("a user who allows it launches as usual", async ({ page }) => {
  await page.goto(`/?demo_user=${871_000_000 + Math.floor(Math.random() * 1_000_000)}&demo_write=allow`);
  await page.getByTestId("header-tariff").waitFor();
  await page.getByTestId("card-new-dialog").click();
  const launched = page.waitForResponse((r) => r.url().endsWith("/api/models/session"));
  await page.getByTestId("model-picker-text").getByTestId("model-option-gpt-4o-mini").click();
  expect((await launched).status()).toBe(200);
});
