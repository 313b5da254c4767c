import { expect, test } from "./fixtures";
import { openApp, payInSandbox, screenshot } from "./helpers";

test("the package store filters by tab and shows every card in Russian", async ({ page }) => {
  await openApp(page, { hash: "/PackStorePage" });
  await expect(page.getByTestId("pack-tab-a-b")).toHaveAttribute("aria-selected", "true");
  const cards = page.locator("[data-testid^=package-][data-purpose]");
  await expect(cards).toHaveCount(7);
  await expect(page.locator("[data-purpose=text_tokens]").first()).toContainText("500 тыс. текстовых токенов");
  await expect(page.locator("[data-purpose=text_tokens]").first().getByTestId("package-buy")).toHaveText(
    "Купить за 149 ₽",
  );
  await screenshot(page, "pack-store-ru");

  await page.getByTestId("pack-tab-repeat").click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute("data-purpose", "reset");
  await expect(cards.first()).toContainText("Все лимиты снова полные");
  await page.getByTestId("pack-tab-text").click();
  await expect(cards).toHaveCount(2);
  await page.getByTestId("pack-tab-images").click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute("data-purpose", "image_tokens");
});

test("the package store and package payment in English", async ({ page }) => {
  await openApp(page, { lang: "en", hash: "/PackStorePage" });
  await expect(page.locator("[data-purpose=image_tokens]")).toContainText("50 images");
  await expect(page.locator("[data-purpose=image_tokens]")).toContainText("DALL·E 3, FLUX, Midjourney");
  await screenshot(page, "pack-store-en");
  await page.locator("[data-purpose=image_tokens]").getByTestId("package-buy").click();
  await expect(page).toHaveURL(/#\/packagePay\/\d+$/);
  await expect(page.getByTestId("package-name")).toHaveText("50 images");
  await expect(page.getByTestId("pay-total")).toHaveText("₽249");
  await screenshot(page, "package-pay-en");
});

test("buys a text package through the sandbox checkout and the text quota grows", async ({ page }) => {
  await openApp(page, { hash: "/LimitPage" });
  await expect(page.getByTestId("limit-text")).toContainText("20 тыс.");
  await screenshot(page, "limits-ru");

  await page.goto(page.url().replace(/#.*$/, "#/PackStorePage"));
  await page.locator("[data-purpose=text_tokens]").first().getByTestId("package-buy").click();
  await expect(page).toHaveURL(/#\/packagePay\/\d+$/);
  await expect(page.getByTestId("package-name")).toHaveText("500 тыс. текстовых токенов");
  await expect(page.getByTestId("pay-total")).toHaveText("149 ₽");
  await page.getByTestId("email-toggle").check({ force: true });
  await expect(page.getByTestId("pay-button")).toBeDisabled();
  await expect(page.getByTestId("pay-warning")).toHaveText("⚠️ Неверный email");
  await page.getByTestId("email-input").fill("buyer@example.com");
  await expect(page.getByTestId("pay-button")).toBeEnabled();
  await screenshot(page, "package-pay-ru");

  await payInSandbox(page);

  await page.goto(page.url().replace(/#.*$/, "#/LimitPage"));
  await page.reload();
  await expect(page.getByTestId("limit-text")).toContainText("20 тыс.");
  await expect(page.getByTestId("limit-text-packages")).toHaveText("+ 500 тыс. в пакетах");
  await page.goto(page.url().replace(/#.*$/, "#/"));
  await expect(page.getByTestId("card-new-dialog")).toContainText("520 тыс.");
});

test("buying with a pending payment offers to continue it or cancel it first", async ({ page }) => {
  await openApp(page, { hash: "/PackStorePage" });
  await page.locator("[data-purpose=audio_tokens]").getByTestId("package-buy").click();
  const popupPromise = page.waitForEvent("popup");
  await page.getByTestId("pay-button").click();
  await (await popupPromise).close();

  await page.goto(page.url().replace(/#.*$/, "#/PackStorePage"));
  await page.locator("[data-purpose=video_tokens]").getByTestId("package-buy").click();
  await expect(page.getByTestId("pending-payment-modal")).toBeVisible();
  await expect(page).toHaveURL(/#\/PackStorePage$/);
  await page.getByTestId("pending-cancel").click();
  await expect(page.getByTestId("pending-payment-modal")).toBeHidden();
  await expect(page).toHaveURL(/#\/packagePay\/\d+$/);
  await expect(page.getByTestId("pay-total")).toHaveText("599 ₽");

  // Nothing is pending any more: the store goes straight to the payment page.
  await page.goto(page.url().replace(/#.*$/, "#/PackStorePage"));
  await page.locator("[data-purpose=file_tokens]").getByTestId("package-buy").click();
  await expect(page).toHaveURL(/#\/packagePay\/\d+$/);
});

test("a failed pending check is reported and the flow goes on", async ({ page }) => {
  await page.route("**/api/tariff/check-pending-payment", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"error":{"code":"internal","message":"boom"}}',
    }),
  );
  await openApp(page, { lang: "en", hash: "/PackStorePage" });
  await page.locator("[data-purpose=reset]").getByTestId("package-buy").click();
  await expect(page).toHaveURL(/#\/packagePay\/\d+$/);
});

test("limits page in English", async ({ page }) => {
  await openApp(page, { lang: "en", hash: "/LimitPage" });
  await expect(page.getByTestId("limit-image")).toContainText("Images");
  await screenshot(page, "limits-en");
});

test("a package picture that fails to load leaves the card's own background", async ({ page }) => {
  await page.route("**/images/packages/**", (route) => route.fulfill({ status: 404, body: "" }));
  await openApp(page, { hash: "/PackStorePage" });
  const art = page.locator("[data-purpose=reset] .package-art");
  await expect(art).toBeVisible();
  await expect(art.locator("img")).toHaveCount(0);
  await expect(art).toHaveCSS("background-image", /linear-gradient/);
});

test("a failed cancel of the pending payment is reported and the modal stays", async ({ page }) => {
  await openApp(page, { lang: "en", hash: "/PackStorePage" });
  await page.locator("[data-purpose=image_tokens]").getByTestId("package-buy").click();
  const popupPromise = page.waitForEvent("popup");
  await page.getByTestId("pay-button").click();
  await (await popupPromise).close();

  await page.route("**/api/tariff/cancel-pending-payment", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"error":{"code":"internal","message":"boom"}}',
    }),
  );
  await page.getByTestId("pay-button").click();
  await page.getByTestId("pending-cancel").click();
  await expect(page.getByTestId("pending-cancel-error")).toHaveText("Failed to cancel payment");
  await expect(page.getByTestId("pending-payment-modal")).toBeVisible();
  await page.getByTestId("pending-close").click();
  await expect(page.getByTestId("pending-payment-modal")).toBeHidden();
});
