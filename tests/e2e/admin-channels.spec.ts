import { expect, test } from "./fixtures";
import { screenshot } from "./helpers";

// The console's Channels tab in demo mode: the demo operator adds a channel, sees it listed with its
// key masked, edits its priority without retyping the key, and deletes it; then names a fallback model.

// The console is a desktop screen.
test.use({ viewport: { width: 1280, height: 800 } });

test("add, edit and delete a channel in the console", async ({ page }) => {
  await page.goto("/admin?lang=en#channels");
  await page.getByTestId("admin-demo-sign-in").click();
  const tab = page.getByTestId("admin-channels");
  await expect(tab.getByRole("heading", { name: "Channels" })).toBeVisible();
  await expect(tab.getByText("No channels: every model goes to the default endpoint")).toBeVisible();

  const form = page.getByTestId("admin-channel-form");
  await form.getByLabel("Name").fill("OpenRouter");
  await form.getByLabel("Base URL").fill("https://openrouter.example.com/api/v1");
  await form.getByLabel("API key").fill("sk-or-v1-secretsecretsecret4321");
  await form.getByLabel("Priority").fill("1");
  await form.getByLabel("Models, one per line").fill("gpt-4o-mini = openai/gpt-4o-mini\ngpt-4o = openai/gpt-4o");
  await form.getByRole("button", { name: "Add channel" }).click();

  const row = page.getByTestId("admin-channel-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("OpenRouter");
  await expect(row).toContainText("sk-…4321");
  await expect(row).toContainText("gpt-4o-mini → openai/gpt-4o-mini");
  await expect(row).toContainText("Healthy");
  await expect(page.getByText("secretsecret")).toHaveCount(0);
  await screenshot(page, "admin-channels-added");
  // At 390 px the row's Edit and Delete stay on screen (the action column is pinned).
  await page.setViewportSize({ width: 390, height: 844 });
  const remove = await row.getByRole("button", { name: "Delete" }).boundingBox();
  expect(remove && remove.x >= 0 && remove.x + remove.width <= 390).toBe(true);
  await screenshot(page, "admin-channels-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Editing OpenRouter" })).toBeVisible();
  await form.getByLabel("Priority").fill("9");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(row.locator("td").first()).toHaveText("9");
  await expect(row).toContainText("sk-…4321");

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("admin-channel-row")).toHaveCount(0);
  await screenshot(page, "admin-channels-empty");
});

test("name a fallback model among the models of the same type", async ({ page }) => {
  await page.goto("/admin?lang=en#channels");
  await page.getByTestId("admin-demo-sign-in").click();
  const fallback = page.getByLabel("Fallback model of GPT-4o", { exact: true });
  await expect(fallback).toHaveValue("");
  // Only text models are offered for a text model.
  await expect(fallback.locator("option", { hasText: "DALL·E 3" })).toHaveCount(0);
  const saved = page.waitForResponse((r) => r.url().includes("/fallback") && r.request().method() === "PUT");
  await fallback.selectOption("gpt-4o-mini");
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel("Fallback model of GPT-4o", { exact: true })).toHaveValue("gpt-4o-mini");
  await page.getByTestId("admin-model-fallbacks").scrollIntoViewIfNeeded();
  await screenshot(page, "admin-channels-fallback");
});
