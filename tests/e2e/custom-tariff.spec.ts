import { type Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openApp, payInSandbox, screenshot } from "./helpers";

/** Drags a dial's knob from its current spot to a point at `angle` degrees clockwise from 12 o'clock. */
async function dragDial(dial: Locator, angle: number) {
  const box = (await dial.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const r = box.width * 0.4;
  const rad = (angle * Math.PI) / 180;
  const page = dial.page();
  await page.mouse.move(cx, cy - r);
  await page.mouse.down();
  await page.mouse.move(cx + r * Math.sin(rad) * 0.7, cy - r * Math.cos(rad) * 0.7, { steps: 4 });
  await page.mouse.move(cx + r * Math.sin(rad), cy - r * Math.cos(rad), { steps: 4 });
  await page.mouse.up();
}

test("builds a custom tariff with the dials and pays for it", async ({ page }) => {
  await openApp(page, { hash: "/CreateTariff" });
  // Defaults are clamped into the bounds: the minimum of each kind is 2 x Neuro Basic.
  await expect(page.getByTestId("dial-value-text")).toHaveText("2 млн");
  await expect(page.getByTestId("dial-value-image")).toHaveText("2,4 тыс.");
  await expect(page.getByTestId("timeframe-day")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("monthly-price")).toContainText("2 888 ₽");
  await expect(page.getByTestId("timeframe-price")).toHaveText("97 ₽");
  await page.getByTestId("dial-info-text").click();
  await expect(page.getByTestId("dial-tip-text")).toContainText("3–4 символа");
  await page.getByTestId("dial-info-image").click();
  // The tooltip's price is the catalogue's (docs/product/billing.md "Prices per job").
  await expect(page.getByTestId("dial-tip-image")).toContainText("Одна картинка стоит 6 единиц");
  await screenshot(page, "create-tariff-ru");
  await page.getByTestId("dial-info-text").click();
  await page.getByTestId("dial-info-image").click();

  // Dragging the image dial: to 3 o'clock is 225/270 of the way from 2400 to 12000 (about 10400);
  // into the gap at the bottom it snaps to the nearer end.
  const knob = page.getByTestId("dial-knob-image");
  await dragDial(knob, 90);
  await expect.poll(async () => Number(await knob.getAttribute("aria-valuenow"))).toBeGreaterThan(10140);
  expect(Number(await knob.getAttribute("aria-valuenow"))).toBeLessThan(10680);
  await dragDial(knob, 170);
  await expect(page.getByTestId("dial-value-image")).toHaveText("12 тыс.");
  await dragDial(knob, -170);
  await expect(page.getByTestId("dial-value-image")).toHaveText("2,4 тыс.");
  await page.getByTestId("dial-input-image").fill("7200");
  await page.getByTestId("dial-input-image").press("Enter");
  await expect(page.getByTestId("dial-value-image")).toHaveText("7,2 тыс.");
  // +/- move by the step; a typed value is clamped and stepped.
  await page.getByTestId("dial-plus-audio").click();
  await page.getByTestId("dial-input-video").fill("99999");
  await page.getByTestId("dial-input-video").press("Enter");
  await expect(page.getByTestId("dial-value-video")).toHaveText("2 тыс.");
  await page.getByTestId("dial-input-files").fill("abc");
  await page.getByTestId("dial-input-files").blur();
  await expect(page.getByTestId("dial-input-files")).toHaveValue(/^8\s000$/);

  // text 4 + audio 8810 x 0.006/22 (2.403) + image 7200 x 0.02/6 (24) + video 60 + files 8000 x 0.01/20 (4)
  // = 94.403 USD x 95 = 8968.3 → 8969 ₽
  await expect(page.getByTestId("monthly-price")).toContainText("8 969 ₽");
  await page.getByTestId("timeframe-week").click();
  await expect(page.getByTestId("timeframe-price")).toHaveText("2 093 ₽");
  await page.getByTestId("timeframe-year").click();
  await expect(page.getByTestId("timeframe-price")).toHaveText("107 628 ₽");

  // The values and the timeframe survive a reload.
  await page.reload();
  await expect(page.getByTestId("dial-value-image")).toHaveText("7,2 тыс.");
  await expect(page.getByTestId("timeframe-year")).toHaveAttribute("aria-checked", "true");

  await page.getByTestId("custom-offer").click();
  await expect(page).toHaveURL(/#\/tariffPay\/Custom\/2000000\/8810\/7200\/2000\/8000\/8969$/);
  await expect(page.getByTestId("custom-per-day")).toHaveText("≈ 299 ₽/день");
  await expect(page.getByTestId("custom-value-image")).toContainText("7,2 тыс.");
  await expect(page.getByTestId("autopay-toggle")).toBeChecked();
  await expect(page.getByTestId("pay-total")).toHaveText("8 969 ₽");
  await page.getByTestId("period-60").click();
  await expect(page.getByTestId("pay-total")).toHaveText("17 938 ₽");
  await page.getByTestId("period-30").click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "custom-tariff-pay-ru");

  await payInSandbox(page);

  await page.goto(page.url().replace(/#.*$/, "#/LimitPage"));
  await page.reload();
  await expect(page.getByTestId("header-tariff")).toHaveText("Custom");
  await expect(page.getByTestId("limit-image")).toContainText("7,2 тыс.");
  await expect(page.getByTestId("limit-text")).toContainText("2 млн");

  // Rebuilding the active Custom tariff: its card opens the builder with its own limits (not the
  // values kept on this device), and the payment says the new limits come with the next period.
  await page.evaluate(() => localStorage.removeItem("custom_tariff_settings"));
  await page.goto(page.url().replace(/#.*$/, "#/tariff"));
  const rebuild = page.getByTestId("tariff-card-Custom").getByTestId("tariff-choose");
  await expect(rebuild).toHaveText("Пересобрать");
  await rebuild.click();
  await expect(page.getByTestId("create-tariff-rebuild")).toContainText("со следующего 30-дневного периода");
  await expect(page.getByTestId("dial-value-image")).toHaveText("7,2 тыс.");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "create-tariff-rebuild-ru-390");
  await page.getByTestId("dial-plus-image").click();
  await page.getByTestId("custom-offer").click();
  await expect(page.getByTestId("tariff-change-rebuild")).toContainText(
    "новые лимиты действуют со следующего 30-дневного периода",
  );
  await payInSandbox(page);
  await page.goto(page.url().replace(/#.*$/, "#/LimitPage"));
  await page.reload();
  // The current period keeps what it was bought with.
  await expect(page.getByTestId("limit-image")).toContainText("7,2 тыс.");
});

test("custom tariff builder and payment in English", async ({ page }) => {
  await openApp(page, { lang: "en", hash: "/CreateTariff" });
  await expect(page.getByTestId("timeframe-price")).toHaveText("₽97");
  await page.getByTestId("timeframe-month").click();
  await expect(page.getByTestId("timeframe-price")).toHaveText("₽2,888");
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "create-tariff-en");
  await page.getByTestId("custom-offer").click();
  await expect(page.getByTestId("custom-per-day")).toHaveText("≈ ₽97/day");
  await screenshot(page, "custom-tariff-pay-en");
});

test("a damaged custom tariff address shows the failure page with a back button", async ({ page }) => {
  await openApp(page, { hash: "/tariffPay/Custom/x/1/1/1/1/1" });
  await expect(page.getByTestId("custom-pay-error")).toContainText("Упс… что-то пошло не так");
  await expect(page.getByTestId("load-failure-back")).toBeVisible();
});

test("the auto-payment page explains the 11 ₽ check and how to turn it off; on Free it leads to the tariffs", async ({
  page,
}) => {
  await openApp(page, { hash: "/AutoPayPage" });
  await expect(page.getByTestId("autopay-verification")).toContainText("11 ₽");
  await expect(page.getByTestId("autopay-turnOff")).toContainText("личный кабинет");
  await expect(page.getByTestId("autopay-status")).toHaveAttribute("data-mode", "nextPayment");
  await screenshot(page, "auto-pay-ru");
  await page.getByTestId("autopay-pay").click();
  await expect(page).toHaveURL(/#\/tariff$/);
  await openApp(page, { lang: "en", hash: "/AutoPayPage" });
  await expect(page.getByTestId("autopay-verification")).toContainText("11 ₽");
  await screenshot(page, "auto-pay-en");
});
