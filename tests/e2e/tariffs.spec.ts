import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openApp, screenshot } from "./helpers";

/** Pays the payment link the app opened (a popup in demo mode) on the sandbox checkout page. */
async function confirmInPopup(page: Page, click: () => Promise<void>) {
  const popupPromise = page.waitForEvent("popup");
  await click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await expect(popup).toHaveURL(/\/checkout\//);
  await popup.getByTestId("checkout-confirm").click();
  await expect(popup.getByTestId("checkout-result")).toHaveAttribute("data-status", "completed");
  await popup.close();
}

test("tariff list shows every tariff, the Pack store card, and Free as the active tariff", async ({ page }) => {
  await openApp(page, { hash: "/tariff" });
  await expect(page.getByTestId("current-tariff")).toContainText("Ваш тариф: Free");
  for (const name of ["Free", "Starter", "Neuro Basic", "Custom"])
    await expect(page.getByTestId(`tariff-card-${name}`)).toBeVisible();
  await expect(page.getByTestId("tariff-card-packstore")).toBeVisible();
  const free = page.getByTestId("tariff-card-Free");
  await expect(free.getByTestId("tariff-choose")).toHaveText("Активный тариф");
  await expect(free.getByTestId("tariff-choose")).toBeDisabled();
  await expect(free.getByTestId("tariff-per-day")).toHaveCount(0);
  const starter = page.getByTestId("tariff-card-Starter");
  await expect(starter.getByTestId("tariff-per-day")).toContainText("17 ₽/день");
  await expect(starter.getByTestId("balance-text")).toHaveText("200 тыс.");
  await expect(starter.getByTestId("tariff-choose")).toHaveText("Выбрать");
  await screenshot(page, "tariff-list-ru");

  // The card tilts towards the pointer.
  await starter.scrollIntoViewIfNeeded();
  const atRest = await starter.evaluate((el) => getComputedStyle(el).transform);
  const box = (await starter.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.9, box.y + 40, { steps: 3 });
  await expect.poll(() => starter.evaluate((el) => getComputedStyle(el).transform)).not.toBe(atRest);
  await page.mouse.move(0, 0);

  await page.getByTestId("tariff-card-Custom").getByTestId("tariff-choose").click();
  await expect(page).toHaveURL(/#\/CreateTariff$/);
  await page.goBack();
  await page.getByTestId("tariff-card-packstore").getByTestId("tariff-choose").click();
  await expect(page).toHaveURL(/#\/PackStorePage$/);
  await page.goBack();
  await page.getByTestId("tariff-card-Neuro Basic").getByTestId("tariff-choose").click();
  await expect(page).toHaveURL(/#\/tariffPay\/Neuro%20Basic$/);
  await expect(page.getByTestId("pay-total")).toHaveText("1 490 ₽");
});

test("tariff list and payment in English", async ({ page }) => {
  await openApp(page, { lang: "en", hash: "/tariff" });
  await expect(page.getByTestId("current-tariff")).toContainText("Your tariff: Free");
  await expect(page.getByTestId("tariff-card-Free").getByTestId("tariff-choose")).toHaveText("Active tariff");
  await screenshot(page, "tariff-list-en");
  await page.getByTestId("tariff-card-Starter").getByTestId("tariff-choose").click();
  await expect(page.getByTestId("period-30")).toHaveText("30 days");
  await page.getByTestId("calculations-toggle").click();
  await screenshot(page, "tariff-pay-en");

  const popup = page.waitForEvent("popup");
  await page.getByTestId("pay-button").click();
  await (await popup).close();
  await page.getByTestId("pay-button").click();
  await expect(page.getByTestId("pending-payment-modal")).toContainText("You have an unpaid payment");
  await screenshot(page, "pending-payment-modal-en");
});

test("buys Starter through the sandbox checkout; the card turns active and the limits grow", async ({ page }) => {
  await openApp(page, { hash: "/tariffPay/Starter" });
  await expect(page.getByTestId("period-30")).toHaveText("30 дней");
  await expect(page.getByTestId("period-30")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("pay-total")).toHaveText("490 ₽");
  await page.getByTestId("period-90").click();
  await expect(page.getByTestId("pay-total")).toHaveText("1 470 ₽");
  await page.getByTestId("period-30").click();
  await expect(page.getByTestId("referral-toggle")).toBeDisabled();
  await page.getByTestId("calculations-toggle").click();
  await expect(page.getByTestId("calculations")).toContainText("17 ₽");
  await screenshot(page, "tariff-pay-ru");

  await confirmInPopup(page, () => page.getByTestId("pay-button").click());

  await page.goto(page.url().replace(/#.*$/, "#/tariff"));
  await page.reload();
  await expect(page.getByTestId("tariff-card-Starter").getByTestId("tariff-choose")).toHaveText("Активный тариф");
  await expect(page.getByTestId("tariff-card-Starter").getByTestId("tariff-choose")).toBeDisabled();
  await expect(page.getByTestId("tariff-card-Free").getByTestId("tariff-choose")).toHaveText("Выбрать");
  await expect(page.getByTestId("header-tariff")).toHaveText("Starter");
  // Free over a paid tariff explains itself instead of opening a 0 ₽ payment.
  await page.getByTestId("tariff-card-Free").getByTestId("tariff-choose").click();
  await expect(page).toHaveURL(/#\/tariff$/);
  await expect(page.getByTestId("free-note")).toContainText("когда закончится оплаченный период тарифа Starter");
  // However far the Free card under it tilts (either way, as far as the pointer can lean it), the note
  // stays on top: every point along its bottom edge is the note's own.
  const note = page.getByTestId("free-note");
  const card = page.getByTestId("tariff-card-Free");
  for (const tilt of [8, -8]) {
    await card.evaluate(
      (el, deg) => ((el as HTMLElement).style.transform = `perspective(900px) rotateX(${deg}deg) rotateY(${deg}deg)`),
      tilt,
    );
    const covered = await note.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return [0.05, 0.5, 0.95].some((x) => {
        const hit = document.elementFromPoint(r.left + r.width * x, r.bottom - 2);
        return !hit || !el.contains(hit);
      });
    });
    expect(covered).toBe(false);
  }
  await screenshot(page, "tariffs-free-note-ru");

  await page.goto(page.url().replace(/#.*$/, "#/LimitPage"));
  await expect(page.getByTestId("limit-text")).toContainText("200 тыс.");
  await expect(page.getByTestId("limit-video")).toContainText("50");
});

test("pay is disabled with an invalid email and the warning shows", async ({ page }) => {
  await openApp(page, { hash: "/tariffPay/Starter" });
  await expect(page.getByTestId("pay-button")).toBeEnabled();
  await page.getByTestId("email-toggle").check({ force: true });
  await expect(page.getByTestId("email-tooltip")).toBeVisible();
  await expect(page.getByTestId("email-error")).toHaveCount(0);
  await expect(page.getByTestId("pay-button")).toBeDisabled();
  await expect(page.getByTestId("pay-warning")).toHaveText("⚠️ Неверный email");
  // The 'enter email' tooltip goes away by itself after 3 s.
  await expect(page.getByTestId("email-tooltip")).toBeHidden({ timeout: 5000 });
  await page.getByTestId("email-input").fill("not-an-email");
  await page.getByTestId("email-input").blur();
  await expect(page.getByTestId("email-error")).toHaveText("Введите корректный email");
  await screenshot(page, "tariff-pay-invalid-email-ru");
  await page.getByTestId("email-input").fill("buyer@example.com");
  await expect(page.getByTestId("pay-warning")).toHaveCount(0);
  await expect(page.getByTestId("pay-button")).toBeEnabled();
});

test("a pending payment opens the modal: continue reopens the link, cancel creates a new one", async ({ page }) => {
  await openApp(page, { hash: "/tariffPay/Starter" });
  // First payment: the link opens, the user leaves it unpaid.
  const first = page.waitForEvent("popup");
  await page.getByTestId("pay-button").click();
  const firstPopup = await first;
  const firstUrl = firstPopup.url();
  await firstPopup.close();
  await expect(page.getByTestId("pay-button")).toHaveText("Оплатить");

  // Trying again shows the pending-payment modal.
  await page.getByTestId("pay-button").click();
  const modal = page.getByTestId("pending-payment-modal");
  await expect(modal).toBeVisible();
  await expect(page.getByTestId("pending-expires")).toContainText("Ссылка действует ещё");
  await screenshot(page, "pending-payment-modal-ru");

  const continued = page.waitForEvent("popup");
  await page.getByTestId("pending-continue").click();
  const continuedPopup = await continued;
  expect(continuedPopup.url()).toBe(firstUrl);
  await continuedPopup.close();
  await expect(modal).toBeHidden();

  await page.getByTestId("pay-button").click();
  await expect(modal).toBeVisible();
  await page.getByTestId("pending-close").click();
  await expect(modal).toBeHidden();

  await page.getByTestId("pay-button").click();
  const created = page.waitForEvent("popup");
  await page.getByTestId("pending-cancel").click();
  const createdPopup = await created;
  expect(createdPopup.url()).not.toBe(firstUrl);
  await expect(createdPopup).toHaveURL(/\/checkout\//);
  await createdPopup.close();
  await expect(modal).toBeHidden();
});

test("an unknown tariff says the data is unavailable", async ({ page }) => {
  await openApp(page, { hash: "/tariffPay/Nope" });
  await expect(page.getByTestId("load-failure")).toContainText("Данные тарифа недоступны");
});

test("the tariff list reports a load failure", async ({ page }) => {
  await page.route("**/api/tariff/standard", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{"code":"x","message":"x"}}' }),
  );
  await openApp(page, { lang: "en", hash: "/tariff" });
  await expect(page.getByTestId("tariff-error")).toContainText("Error loading tariff data", { timeout: 30_000 });
});

test("referral discount: limits, messages, 'All', and switching it off resets the amount", async ({ page }) => {
  // The balance is mocked: this checks the form's rules, not a real referral reward.
  await page.route("**/api/referral/balance", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ ref_balance: 500, currency: "RUB" }),
    }),
  );
  await openApp(page, { hash: "/tariffPay/Starter" });
  await expect(page.getByTestId("referral-block")).toContainText("Доступно: 500 ₽");
  await page.getByTestId("referral-toggle").check({ force: true });
  await expect(page.getByTestId("referral-limits")).toHaveText("Можно списать от 10 до 470 ₽");
  await page.getByTestId("referral-input").fill("5");
  await expect(page.getByTestId("referral-error")).toHaveText("Минимальная сумма 10 ₽");
  await expect(page.getByTestId("pay-button")).toBeDisabled();
  await expect(page.getByTestId("pay-warning")).toHaveText("Проверьте данные");
  await page.getByTestId("referral-input").fill("480");
  await expect(page.getByTestId("referral-error")).toHaveText("Максимально можно использовать 470 ₽");
  await page.getByTestId("referral-input").fill("600");
  await expect(page.getByTestId("referral-error")).toHaveText("Сумма превышает доступный баланс");
  await page.getByTestId("referral-input").fill("12a");
  await expect(page.getByTestId("referral-input")).toHaveValue("600");
  await page.getByTestId("referral-all").click();
  await expect(page.getByTestId("referral-input")).toHaveValue("470");
  await expect(page.getByTestId("referral-error")).toHaveCount(0);
  await expect(page.getByTestId("pay-total")).toHaveText("20 ₽");
  await page.getByTestId("referral-input").fill("100.5");
  await expect(page.getByTestId("referral-input")).toHaveValue("100,5");
  await expect(page.getByTestId("pay-total")).toHaveText("389,50 ₽");
  await page.getByTestId("referral-input").fill("100,5");
  await expect(page.getByTestId("pay-total")).toHaveText("389,50 ₽");
  await page.getByTestId("calculations-toggle").click();
  await expect(page.getByTestId("calc-discount")).toContainText("100,50 ₽");
  await screenshot(page, "tariff-pay-referral-ru");
  await page.getByTestId("referral-toggle").uncheck({ force: true });
  await expect(page.getByTestId("pay-total")).toHaveText("490 ₽");
  // No discount used, no discount line.
  await expect(page.getByTestId("calc-discount")).toHaveCount(0);
  await page.getByTestId("referral-toggle").check({ force: true });
  await expect(page.getByTestId("referral-input")).toHaveValue("0");
});
