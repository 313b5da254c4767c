import { expect, test } from "./fixtures";
import { openApp, screenshot } from "./helpers";

// Issue 16: Telegram for iOS opens a link only within 10 s of a tap. A payment link that arrives
// late is offered as a button for a fresh tap instead of being opened (and the app closed) blindly.
test("a slow payment creation shows an 'open the payment page' button; the tap opens the checkout", async ({
  page,
}) => {
  // The page measures the wait from the tap with its own clock: the test moves it instead of waiting.
  await page.clock.install();
  await openApp(page, { hash: "/PackStorePage" });
  await page.locator("[data-purpose=text_tokens]").first().getByTestId("package-buy").click();
  await expect(page).toHaveURL(/#\/packagePay\/\d+$/);
  await page.route("**/api/package/payment", async (route) => {
    await page.clock.fastForward(6_500);
    await route.continue();
  });
  let popups = 0;
  page.on("popup", () => popups++);
  await page.getByTestId("pay-button").click();
  const open = page.getByTestId("open-payment-page");
  await expect(open).toBeVisible({ timeout: 20_000 });
  expect(popups).toBe(0);
  await screenshot(page, "payment-link-deferred-ru");
  const popupPromise = page.waitForEvent("popup");
  await open.click();
  const popup = await popupPromise;
  await expect(popup.getByTestId("checkout-confirm")).toBeVisible();
  await expect(open).toBeHidden();
});

test("a fast payment creation opens the checkout at once, with no extra button", async ({ page }) => {
  await openApp(page, { hash: "/PackStorePage" });
  await page.locator("[data-purpose=audio_tokens]").first().getByTestId("package-buy").click();
  const popupPromise = page.waitForEvent("popup");
  await page.getByTestId("pay-button").click();
  await (await popupPromise).close();
  await expect(page.getByTestId("open-payment-page")).toHaveCount(0);
});
