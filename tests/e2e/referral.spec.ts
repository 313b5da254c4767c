import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openApp, payInSandbox, screenshot, storedToken } from "./helpers";

let nextUser = 880_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

/** Another person on the same browser: the stored token belongs to the previous one. */
async function switchUser(page: Page, query: string) {
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/?${query}#/PersonalAccountPage`);
}

test("A shares the link, B signs in with it and buys a package, A sees the reward and spends it on a tariff", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // A enters C's code, then shares A's own code and link (docs/product/referral.md).
  await openApp(page, { hash: "/PersonalAccountPage" });
  const codeOfC = await page.evaluate(
    async (token) => {
      return (await (await fetch("/api/referral/my-code", { headers: { authorization: `Bearer ${token}` } })).json())
        .referral_code as string;
    },
    await storedToken(page),
  );
  const userA = nextUser++;
  await switchUser(page, `demo_user=${userA}`);
  await page.getByTestId("referral-code-input").fill(codeOfC);
  await expect(page.getByTestId("referral-state-valid")).toBeVisible();
  await page.getByTestId("referral-activate").click();

  // A copies the link from the share box.
  await expect(page.getByTestId("referral-share")).toBeVisible();
  await page.getByTestId("copy-link").click();
  await expect(page.getByTestId("copy-link")).toHaveText("Скопировано");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const myCode = {
    referral_code: (await page.getByTestId("referral-own-code").innerText()).trim(),
    telegram_link: link,
  };
  expect(myCode.telegram_link).toBe(await page.getByTestId("referral-link").innerText());
  expect(myCode.telegram_link).toContain(`startapp=ref_${myCode.referral_code}`);
  await expect(page.getByTestId("copy-link")).toHaveText("Копировать", { timeout: 4000 });
  await screenshot(page, "account-share-ru");

  // B opens the app from A's link: the start parameter carries A's code.
  const userB = nextUser++;
  const startParam = new URL(myCode.telegram_link).searchParams.get("startapp");
  await switchUser(page, `demo_user=${userB}&demo_start=${startParam}`);
  // B applied A's code at the first sign-in, so B's account shows B's own code and no entry box.
  await expect(page.getByTestId("referral-share")).toBeVisible();
  await expect(page.getByTestId("referral-code-input")).toHaveCount(0);

  await page.goto(page.url().replace(/#.*$/, "#/PackStorePage"));
  await page.locator("[data-purpose=text_tokens]").first().getByTestId("package-buy").click();
  await expect(page).toHaveURL(/#\/packagePay\/\d+$/);
  await payInSandbox(page);

  // A: 40 % of B's 149 ₽ is 59,60 ₽, shown on the account and spent as a discount.
  await switchUser(page, `demo_user=${userA}`);
  await expect(page.getByTestId("account-ref-balance")).toContainText("59,6");
  await page.goto(page.url().replace(/#.*$/, "#/tariffPay/Starter"));
  await page.getByTestId("referral-toggle").check({ force: true });
  await page.getByTestId("referral-all").click();
  await expect(page.getByTestId("referral-input")).toHaveValue(/59[.,]6/);
  await payInSandbox(page);
  await page.goto(page.url().replace(/#.*$/, "#/PersonalAccountPage"));
  await page.reload();
  await expect(page.getByTestId("account-ref-balance")).toContainText("0");
  await expect(page.getByTestId("payment-row").first()).toHaveAttribute("data-status", "completed");
  await screenshot(page, "account-after-reward-ru");
});

test("entering a code: too short, invalid with its reason, then a valid code activates and the box goes, one's own code stays", async ({
  page,
}) => {
  const referrer = nextUser++;
  await openApp(page, { userId: referrer, hash: "/PersonalAccountPage" });
  const code = await page.evaluate(
    async (token) => {
      return (await (await fetch("/api/referral/my-code", { headers: { authorization: `Bearer ${token}` } })).json())
        .referral_code as string;
    },
    await storedToken(page),
  );
  await switchUser(page, `demo_user=${nextUser++}`);
  const input = page.getByTestId("referral-code-input");
  await input.fill("ab");
  await expect(page.getByTestId("referral-state-tooShort")).toHaveText("Код слишком короткий");
  await input.fill("NOSUCHCODE");
  await expect(page.getByTestId("referral-state-invalid")).toHaveText("Такого кода не существует");
  await expect(page.getByTestId("referral-activate")).toBeDisabled();
  await input.fill(code);
  await expect(page.getByTestId("referral-state-valid")).toBeVisible();
  await page.getByTestId("referral-activate").click();
  await expect(page.getByTestId("account-notice-success")).toHaveText("Код активирован");
  await expect(page.getByTestId("referral-share")).toBeVisible();
  await expect(page.getByTestId("referral-code-input")).toHaveCount(0);
  await expect(page.getByTestId("account-notice-success")).toBeHidden({ timeout: 7000 });
});

for (const lang of ["ru", "en"] as const) {
  test(`a new user sees their own code and link beside the box for someone else's code (${lang}, 390 px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, { lang, hash: "/PersonalAccountPage" });
    await expect(page.getByTestId("referral-code-input")).toBeVisible();
    await expect(page.getByTestId("referral-share")).toBeVisible();
    await expect(page.getByTestId("referral-own-code")).toHaveText(/^[A-Z0-9]{8}$/);
    await expect(page.getByTestId("referral-link")).toContainText("startapp=ref_");
    await screenshot(page, `account-new-user-${lang}-390`);
  });
}

test("a failed referral balance call shows an error on the account and the payment screen, not 0 ₽", async ({
  page,
}) => {
  await page.route("**/api/referral/balance", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ detail: "boom" }) }),
  );
  await openApp(page, { hash: "/PersonalAccountPage" });
  await expect(page.getByTestId("account-ref-balance-error")).toHaveText("Не удалось загрузить реферальный баланс", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("account-ref-balance")).toHaveCount(0);
  await page.goto(page.url().replace(/#.*$/, "#/tariffPay/Starter"));
  await expect(page.getByTestId("referral-balance-error")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("referral-block")).not.toContainText("0 ₽");
});

test("the language toggle switches every visible string at once and is kept", async ({ page }) => {
  await openApp(page, { hash: "/PersonalAccountPage" });
  await expect(page.getByRole("heading", { name: "Личный кабинет" })).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/settings/language") && r.status() === 200);
  await page.getByTestId("language-en").click();
  await saved;
  await expect(page.getByRole("heading", { name: "Personal account" })).toBeVisible();
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/[А-Яа-яЁё]/);
  await screenshot(page, "account-en");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Personal account" })).toBeVisible();
});

test("the auto-pay toggle turns auto-payment off", async ({ page }) => {
  await openApp(page, { hash: "/PersonalAccountPage" });
  // A recurrent subscription is bought through the sandbox with auto-payment on.
  await page.goto(page.url().replace(/#.*$/, "#/tariffPay/Starter"));
  await expect(page.getByTestId("pay-button")).toBeEnabled();
  await page.getByTestId("autopay-toggle").check({ force: true });
  await payInSandbox(page);
  await page.goto(page.url().replace(/#.*$/, "#/PersonalAccountPage"));
  await page.reload();
  const toggle = page.getByTestId("autopay-toggle");
  await expect(toggle).toBeChecked();
  const off = page.waitForResponse(
    (r) => r.url().endsWith("/api/settings/recurrent") && r.request().method() === "POST",
  );
  await toggle.click({ force: true });
  expect((await off).status()).toBe(200);
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId("account-notice-success")).toBeVisible();

  // Back on: the toggle leads to the auto-payment page, which says the saved card pays the next renewal.
  await toggle.click({ force: true });
  await expect(page).toHaveURL(/#\/AutoPayPage$/);
  await expect(page.getByTestId("autopay-status")).toHaveAttribute("data-mode", "renewal");
  await expect(page.getByTestId("autopay-status")).toContainText("Карта сохранена");
  await screenshot(page, "autopay-renewal-ru");
  const on = page.waitForResponse(
    (r) => r.url().endsWith("/api/settings/recurrent") && r.request().method() === "POST",
  );
  await page.getByTestId("autopay-pay").click();
  expect((await on).status()).toBe(200);
  await expect(page.getByTestId("account-notice-success")).toContainText("Автоплатёж включён");
  await expect(page.getByTestId("autopay-status")).toHaveAttribute("data-mode", "on");
  await page.getByTestId("autopay-cancel").click();
  await expect(page).toHaveURL(/#\/PersonalAccountPage$/);
  await expect(page.getByTestId("autopay-toggle")).toBeChecked();
});

for (const lang of ["ru", "en"] as const) {
  test(`without a saved card the auto-payment page turns it on with the next payment (${lang}, 390 px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, { lang, hash: "/tariffPay/Starter" });
    await expect(page.getByTestId("autopay-toggle")).not.toBeChecked();
    await payInSandbox(page);
    await page.goto(page.url().replace(/#.*$/, "#/AutoPayPage"));
    await page.reload();
    await expect(page.getByTestId("autopay-status")).toHaveAttribute("data-mode", "nextPayment");
    await screenshot(page, `autopay-next-payment-${lang}-390`);
    await page.getByTestId("autopay-pay").click();
    // The hash route's query lives in the page's search (docs/decisions/0007-hash-route-query-in-search.md).
    await expect(page).toHaveURL(/[?&]autopay=on[&#].*#\/tariffPay\/Starter$/);
    await expect(page.getByTestId("autopay-toggle")).toBeChecked();
  });
}
