import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openApp, payInSandbox, screenshot } from "./helpers";

// Money at the moments of change: a change of tariff's credit line on the payment screen, a partial
// refund in the console with what it takes back shown first, promo codes from the console to the
// account's Spending list.

async function signInToConsole(page: Page, hash: string) {
  await page.goto(`/admin?lang=en#${hash}`);
  await page.getByTestId("admin-demo-sign-in").click();
  await expect(page.getByTestId("admin-sign-in")).toHaveCount(0);
}

test("changing Starter to Neuro Basic shows the credit for the unused days as a line before paying", async ({
  page,
}) => {
  await openApp(page, { lang: "en", hash: "/tariffPay/Starter" });
  await page.getByTestId("period-90").click();
  await payInSandbox(page);
  await page.goto(page.url().replace(/#.*$/, "#/tariffPay/Neuro%20Basic"));
  await page.reload();
  await expect(page.getByTestId("tariff-change-replace")).toContainText("counts toward the price");
  await page.getByTestId("calculations-toggle").click();
  const credit = page.getByTestId("calc-credit");
  await expect(credit).toContainText("Credit: 89 unused days of Starter");
  // 1 490 ₽ less the credit of 90 paid days less a moment: a little over 20 ₽.
  await expect(page.getByTestId("pay-total")).not.toHaveText("1,490 ₽");
  await screenshot(page, "tariff-change-credit-en");
});

test("the operator refunds part of a package, seeing the units it takes back first; the payment stays completed", async ({
  page,
}) => {
  await openApp(page, { lang: "en", hash: "/PackStorePage" });
  await page.locator("[data-purpose=image_tokens]").getByTestId("package-buy").first().click();
  await payInSandbox(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToConsole(page, "payments");
  await page.getByTestId("payments-status").selectOption("completed");
  const row = page.getByTestId("payment-row").first();
  await row.getByRole("button", { name: "Refund" }).click();
  await page.getByTestId("refund-amount").fill("10");
  await expect(page.getByTestId("refund-preview")).toContainText(
    "Takes back 12 of the package's units (Images; left: 300)",
  );
  await expect(page.getByRole("dialog")).toContainText("RUB 10.00 goes back");
  await page.getByTestId("refund-reason").fill("Half of it was not needed");
  await screenshot(page, "admin-partial-refund-desktop");
  await page.getByTestId("refund-confirm").click();
  await expect(page.getByTestId("payment-row").first()).toContainText("Refunded so far");
  await expect(page.getByTestId("payment-row").first()).toHaveAttribute("data-status", "completed");
  // Done, not awaiting the provider: the rest can still be refunded.
  await expect(page.getByTestId("payment-row").first()).not.toContainText("awaiting the provider");
  await expect(page.getByTestId("payment-row").first().getByRole("button", { name: "Refund" })).toBeVisible();
  await screenshot(page, "admin-payments-partial-desktop");
});

test("the operator creates a promo code; a user redeems it in the account once, and Spending shows it", async ({
  page,
}) => {
  await openApp(page, { lang: "en" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToConsole(page, "promo");
  const code = `E2E${Date.now() % 1_000_000}`;
  await page.getByTestId("admin-promo-code").fill(code);
  await page.getByTestId("admin-promo-grant").selectOption("units");
  await page.getByTestId("admin-promo-quota_key").selectOption("image_tokens");
  await page.getByTestId("admin-promo-amount").fill("30");
  await page.getByTestId("admin-promo-max_redemptions").fill("5");
  await page.getByTestId("admin-promo-valid_until").fill("2099-12-31");
  await page.getByTestId("admin-promo-save").click();
  await expect(page.getByTestId("promo-row").first()).toContainText(code);
  // The kind by its name, not its key.
  await expect(page.getByTestId("promo-row").first()).toContainText("30 units of Images");
  await screenshot(page, "admin-promo-codes-desktop");

  await page.setViewportSize({ width: 400, height: 860 });
  await openApp(page, { lang: "en", hash: "/PersonalAccountPage" });
  await page.getByTestId("promo-code-input").fill(code.toLowerCase());
  await page.getByTestId("promo-redeem").click();
  await expect(page.getByText("Promo code applied: +30 units added to your packages.")).toBeVisible();
  await page.getByTestId("promo-code-input").fill(code);
  await page.getByTestId("promo-redeem").click();
  await expect(page.getByText("You have already used this promo code.")).toBeVisible();
  await expect(page.getByTestId("account-spending")).toContainText("Promo code");
  await screenshot(page, "account-spending-promo-en");

  await page.setViewportSize({ width: 1280, height: 800 });
  // Still signed in to the console from before.
  await page.goto("/admin?lang=en#promo");
  await expect(page.getByTestId("promo-row").filter({ hasText: code })).toContainText("1 / 5");
  await screenshot(page, "admin-promo-redeemed-desktop");
});
