import { expect, test } from "./fixtures";
import { openApp, screenshot } from "./helpers";

test("categories: favourites tile and a two-column grid linking to each category", async ({ page }) => {
  await openApp(page, { hash: "/text-assistants" });
  await expect(page.getByTestId("favorites-tile")).toBeVisible();
  await expect(page.getByTestId("category-study")).toBeVisible();
  await screenshot(page, "text-assistants-ru");
  await page.getByTestId("category-study").click();
  await expect(page).toHaveURL(/#\/assistant-category\/study\//);
  await expect(page.getByRole("heading", { name: "Учёба" })).toBeVisible();
});

test("categories show 8 skeletons while loading and the no-data state on failure", async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route("**/api/assistants/categories", async (route) => {
    await gate;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal", message: "boom" } }),
    });
  });
  await openApp(page, { hash: "/text-assistants" });
  await expect(page.getByTestId("category-skeleton")).toHaveCount(8);
  release();
  await expect(page.getByTestId("assistants-nodata")).toContainText("Что-то пошло не так...", { timeout: 30_000 });
  await screenshot(page, "text-assistants-nodata-ru");
});

test("favourite an assistant in a category, see it on the favourites page, remove it", async ({ page }) => {
  await openApp(page, { hash: "/text-assistants" });
  await page.getByTestId("category-study").click();
  const card = page.locator("article", { hasText: "Репетитор" });
  const heart = card.locator("button.heart");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  const added = page.waitForResponse(
    (r) => r.url().endsWith("/api/user/assistants") && r.request().method() === "POST",
  );
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  expect((await added).status()).toBe(200);
  await screenshot(page, "assistant-list-ru");
  // One Back: the list's own; the host's (the demo bar stands in for Telegram's) is hidden here.
  await expect(page.getByTestId("host-back-button")).toHaveCount(0);

  await page.getByTestId("assistants-back").click();
  // Back on the categories, the host's Back is there again.
  await expect(page.getByTestId("host-back-button")).toBeVisible();
  await page.getByTestId("favorites-tile").click();
  await expect(page).toHaveURL(/#\/assistant-category\/favorit$/);
  const favourite = page.locator("article", { hasText: "Репетитор" });
  await expect(favourite).toBeVisible();
  await screenshot(page, "favorites-ru");
  const removed = page.waitForResponse(
    (r) => r.url().endsWith("/api/user/assistants") && r.request().method() === "DELETE",
  );
  await favourite.locator("button.heart").click();
  expect((await removed).status()).toBe(200);
  await expect(page.getByTestId("assistants-empty")).toBeVisible();
  await screenshot(page, "favorites-empty-ru");
});

test("a failed favourite rolls back silently", async ({ page }) => {
  await openApp(page, { hash: "/text-assistants" });
  await page.getByTestId("category-work").click();
  await page.route("**/api/user/assistants", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal", message: "x" } }),
    }),
  );
  const heart = page.locator("article", { hasText: "Аналитик" }).locator("button.heart");
  const failed = page.waitForResponse((r) => r.url().endsWith("/api/user/assistants"));
  await heart.click();
  expect((await failed).status()).toBe(500);
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator(".assistants-page [role=alert]")).toHaveCount(0);
});

test("start an assistant through the model modal", async ({ page }) => {
  await openApp(page, { hash: "/text-assistants" });
  await page.getByTestId("category-coding").click();
  const card = page.locator("article", { hasText: "SQL-помощник" });
  await card.getByRole("button", { name: "Старт" }).click();
  const modal = page.getByTestId("model-modal");
  await expect(modal.getByRole("heading")).toHaveText("Список моделей для SQL-помощник");
  await expect(modal.getByTestId("modal-model-gpt-4o-mini")).toBeVisible();
  // Only accessible text models: no Claude on Free, no image models.
  await expect(modal.getByTestId("modal-model-claude-sonnet")).toHaveCount(0);
  await expect(modal.getByTestId("modal-model-dall-e-3")).toHaveCount(0);
  await screenshot(page, "assistant-modal-ru");
  await modal.getByTestId("model-modal-cancel").click();
  await expect(modal).toHaveCount(0);

  await card.getByRole("button", { name: "Старт" }).click();
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route("**/api/assistants/id?**", async (route) => {
    await gate;
    await route.continue();
  });
  const launched = page.waitForResponse((r) => r.url().includes("/api/assistants/id?"));
  await page.getByTestId("modal-model-gemini-flash").click();
  await expect(page.getByTestId("model-modal-loading")).toContainText("Загрузка моделей");
  release();
  expect((await launched).status()).toBe(200);
  await expect(page.getByTestId("model-modal")).toHaveCount(0);
  await expect(page.getByTestId("assistant-launched")).toBeVisible();
});

test("image assistants: tabs filter, create opens the image model modal and launches", async ({ page }) => {
  await openApp(page, { hash: "/image-assistants" });
  const logo = page.locator("article", { hasText: "Логотип" });
  await expect(logo).toBeVisible();
  await screenshot(page, "image-assistants-ru");
  await page.getByTestId("image-tab-editfoto").click();
  await expect(logo).toHaveCount(0);
  await expect(page.locator("article", { hasText: "Реставрация фото" })).toBeVisible();
  await page.getByTestId("image-tab-favorite").click();
  await expect(page.getByTestId("assistants-empty")).toBeVisible();
  await page.getByTestId("image-tab-a-b").click();
  await logo.locator("button.heart").click();
  await page.getByTestId("image-tab-favorite").click();
  await expect(logo).toBeVisible();

  await logo.getByRole("button", { name: /Создать/ }).click();
  const modal = page.getByTestId("model-modal");
  await expect(modal.getByTestId("modal-model-dall-e-3")).toBeVisible();
  await expect(modal.getByTestId("modal-model-flux-pro")).toHaveCount(0);
  const launched = page.waitForResponse((r) => r.url().includes("/api/assistants/create_image_assistant_session?"));
  await modal.getByTestId("modal-model-dall-e-3").click();
  const res = await launched;
  expect(res.status()).toBe(200);
  expect(res.url()).toContain("action_type=text");

  await logo.getByRole("button", { name: /Ваше фото/ }).click();
  await expect(page.getByTestId("model-modal")).toContainText("В вашем тарифе нет подходящих моделей");
});

test("assistant screens in English", async ({ page }) => {
  await openApp(page, { lang: "en", hash: "/text-assistants" });
  await expect(page.getByRole("heading", { name: "Ready assistants" })).toBeVisible();
  await expect(page.getByTestId("category-study")).toBeVisible();
  await screenshot(page, "text-assistants-en");
  await page.getByTestId("category-study").click();
  await expect(page.getByRole("button", { name: "Start" }).first()).toBeVisible();
  await screenshot(page, "assistant-list-en");
  await page.getByRole("button", { name: "Start" }).first().click();
  await expect(page.getByTestId("model-modal").getByRole("heading")).toHaveText("Models for Tutor");
  await screenshot(page, "assistant-modal-en");
  await page.getByTestId("model-modal-cancel").click();
  await page.getByTestId("assistants-back").click();
  await page.getByTestId("favorites-tile").click();
  await expect(page.getByTestId("assistants-empty")).toBeVisible();
  await screenshot(page, "favorites-en");
  await page.goto(page.url().replace(/#.*$/, "#/image-assistants"));
  await expect(page.getByTestId("image-tab-a-b")).toHaveText("All");
  await expect(page.locator("article").first()).toBeVisible();
  await screenshot(page, "image-assistants-en");
});

test("an image category from the grid offers the image actions, not the text Start", async ({ page }) => {
  await openApp(page, { hash: "/text-assistants" });
  await page.getByTestId("category-images").click();
  const logo = page.locator("article", { hasText: "Логотип" });
  await expect(logo.getByRole("button", { name: /Создать/ })).toBeVisible();
  await expect(logo.getByRole("button", { name: "Старт" })).toHaveCount(0);
  await logo.getByRole("button", { name: /Создать/ }).click();
  await expect(page.getByTestId("model-modal").getByTestId("modal-model-dall-e-3")).toBeVisible();
});
