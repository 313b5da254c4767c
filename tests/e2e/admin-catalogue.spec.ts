import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openApp, screenshot } from "./helpers";

/** Opens the console and signs in with the demo operator button. */
async function signInToConsole(page: Page, hash: string) {
  await page.goto(`/admin?lang=en#${hash}`);
  await page.getByTestId("admin-demo-sign-in").click();
  await expect(page.getByTestId("admin-console")).toBeVisible();
}

test("the operator changes Starter's price in the console; the mini-app shows and charges it; the dashboard draws it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToConsole(page, "catalogue/tariffs");
  const starter = page.getByTestId("tariff-row-Starter");
  await expect(starter.getByTestId("tariff-price")).toContainText("490");
  await page.getByTestId("edit-tariff-Starter").click();
  const form = page.getByTestId("catalogue-form");
  await form.locator('input[name="price_rub"]').fill("900");
  await form.getByTestId("catalogue-save").click();
  await expect(form).toHaveCount(0);
  await expect(starter.getByTestId("tariff-price")).toContainText("900");
  await screenshot(page, "admin-catalogue-tariffs-desktop");

  // A bad price is refused with the server's message and nothing changes.
  await page.getByTestId("edit-tariff-Starter").click();
  await form.locator('input[name="price_rub"]').fill("-5");
  await form.getByTestId("catalogue-save").click();
  await expect(form.getByRole("alert")).toBeVisible();
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(starter.getByTestId("tariff-price")).toContainText("900");

  await page.getByRole("link", { name: "Models" }).click();
  await expect(page.getByTestId("catalogue-models")).toContainText("gpt-4o-mini");
  await page.getByTestId("edit-model-whisper").click();
  await expect(page.getByTestId("catalogue-form")).toContainText("USD per minute");
  await screenshot(page, "admin-catalogue-models-desktop");

  const app = await page.context().newPage();
  await openApp(app, { hash: "/tariffPay/Starter" });
  await expect(app.getByTestId("pay-total")).toHaveText("900 ₽");
  const popup = app.waitForEvent("popup");
  await app.getByTestId("pay-button").click();
  const checkout = await popup;
  await expect(checkout.getByTestId("checkout-amount")).toContainText("900");
  await checkout.getByTestId("checkout-confirm").click();
  await expect(checkout.getByTestId("checkout-result")).toHaveAttribute("data-status", "completed");

  await page.goto("/admin?lang=en#dashboard");
  await expect(page.getByTestId("admin-dashboard")).toBeVisible();
  await expect(page.locator(".admin-totals")).toContainText("900");
  for (const chart of ["chart-revenue", "chart-active"])
    await expect(page.getByTestId(chart).getByRole("application")).toBeVisible();
  await expect(page.getByTestId("chart-revenue").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await screenshot(page, "admin-dashboard-desktop");

  // The other specs of the run share this database: Starter goes back to its seeded price.
  await page.goto("/admin?lang=en#catalogue/tariffs");
  await page.getByTestId("edit-tariff-Starter").click();
  await page.getByTestId("catalogue-form").locator('input[name="price_rub"]').fill("490");
  await page.getByTestId("catalogue-save").click();
  await expect(page.getByTestId("tariff-row-Starter").getByTestId("tariff-price")).toContainText("490");
});

test("the console's catalogue and dashboard at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToConsole(page, "dashboard");
  await expect(page.getByTestId("chart-revenue").getByRole("application")).toBeVisible();
  await screenshot(page, "admin-dashboard-390");
  await page.goto("/admin?lang=en#catalogue/assistants");
  await expect(page.getByTestId("catalogue-assistants")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "admin-catalogue-390");
});

test("the shared edit section: a refused new category names the field and creates nothing; a package's English name is changed and set back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToConsole(page, "catalogue/assistants");
  const categories = page.getByTestId("catalogue-categories");
  await expect(categories.locator("tbody tr")).toHaveCount(7);
  await page.getByRole("button", { name: "New category" }).click();
  const form = page.getByTestId("catalogue-form");
  await form.locator('input[name="ai_chat_type"]').fill("Not A Key");
  await form.locator('input[name="name"]').fill("Проба");
  await form.getByTestId("catalogue-save").click();
  await expect(form.getByRole("alert")).toContainText("ai_chat_type");
  await screenshot(page, "admin-catalogue-refused-desktop");
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(form).toHaveCount(0);
  await expect(categories.locator("tbody tr")).toHaveCount(7);

  await page.getByRole("link", { name: "Packages" }).click();
  const row = page.getByTestId("catalogue-packages").locator("tbody tr", { hasText: "50 images" });
  await row.getByRole("button", { name: "Edit" }).click();
  await expect(form.getByRole("heading")).toHaveText("Editing 50 images");
  await form.locator('input[name="name_en"]').fill("Fifty images");
  await form.getByTestId("catalogue-save").click();
  await expect(form).toHaveCount(0);
  const renamed = page.getByTestId("catalogue-packages").locator("tbody tr", { hasText: "Fifty images" });
  await expect(renamed).toHaveCount(1);
  // The other specs of the run share this database: the name goes back.
  await renamed.getByRole("button", { name: "Edit" }).click();
  await form.locator('input[name="name_en"]').fill("50 images");
  await form.getByTestId("catalogue-save").click();
  await expect(row).toHaveCount(1);
});

test("catalogue texts follow the interface language, on the checkout page too", async ({ page }) => {
  await openApp(page, { lang: "en", hash: "/PackStorePage" });
  await expect(page.locator("[data-purpose=image_tokens]")).toContainText(
    "Create and edit pictures from a description.",
  );
  await page.locator("[data-purpose=image_tokens]").getByTestId("package-buy").click();
  await expect(page.getByTestId("package-name")).toHaveText("50 images");
  const popup = page.waitForEvent("popup");
  await page.getByTestId("pay-button").click();
  const checkout = await popup;
  await expect(checkout.getByTestId("checkout-item")).toContainText("50 images");

  const russian = await page.context().newPage();
  await openApp(russian, { lang: "ru", hash: "/tariff" });
  await expect(russian.getByTestId("tariff-card-Starter")).toContainText(
    "Для ежедневной работы с текстом и картинками",
  );
});

test("the operator marks a text model as seeing images; the mini-app's picker shows its eye", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToConsole(page, "catalogue/models");
  await expect(page.getByTestId("model-vision-gpt-4o-mini")).toHaveText("Yes");
  await expect(page.getByTestId("model-vision-deepseek-chat")).toHaveText("");
  // Only a text model has the field.
  await page.getByTestId("edit-model-whisper").click();
  await expect(page.getByTestId("catalogue-form").locator('input[name="vision"]')).toHaveCount(0);
  await page.getByTestId("catalogue-form").getByRole("button", { name: "Cancel" }).click();

  const setVision = async (on: boolean) => {
    await page.getByTestId("edit-model-deepseek-chat").click();
    const form = page.getByTestId("catalogue-form");
    await form.locator('input[name="vision"]').setChecked(on);
    if (on) await screenshot(page, "admin-catalogue-model-vision-desktop");
    await form.getByTestId("catalogue-save").click();
    await expect(form).toHaveCount(0);
    await expect(page.getByTestId("model-vision-deepseek-chat")).toHaveText(on ? "Yes" : "");
  };
  await setVision(true);

  const app = await page.context().newPage();
  await openApp(app, { lang: "en" });
  await app.getByTestId("card-new-dialog").click();
  await expect(app.getByTestId("model-option-deepseek-chat").getByRole("img", { name: "Sees images" })).toBeVisible();
  await app.close();

  // The other specs of the run share this database: DeepSeek goes back to not seeing.
  await setVision(false);
});
