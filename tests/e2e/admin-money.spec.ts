import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openApp, payInSandbox, screenshot, seriousViolations } from "./helpers";

// The console's Payments and Broadcasts screens, as the demo operator, at desktop width and at 390 px.

async function signInToConsole(page: Page, hash: string) {
  await page.goto(`/admin?lang=en#${hash}`);
  await page.getByTestId("admin-demo-sign-in").click();
  await expect(page.getByTestId("admin-sign-in")).toHaveCount(0);
}

test("the operator refunds a sandbox payment; it shows as refunded, to the operator and in the user's account", async ({
  page,
}) => {
  const userId = await openApp(page, { lang: "en", hash: "/PackStorePage" });
  await page.locator("[data-purpose=image_tokens]").getByTestId("package-buy").click();
  await payInSandbox(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToConsole(page, "payments");
  await page.getByTestId("payments-status").selectOption("completed");
  const row = page.getByTestId("payment-row").first();
  await expect(row).toHaveAttribute("data-status", "completed");
  // At 390 px the table scrolls sideways inside its box, its action column pinned: Refund stays on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const refund = await row.getByRole("button", { name: "Refund" }).boundingBox();
  expect(refund && refund.x >= 0 && refund.x + refund.width <= 390).toBe(true);
  await screenshot(page, "admin-payments-refund-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await row.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByTestId("refund-confirm")).toBeDisabled();
  await page.getByTestId("refund-reason").fill("Bought by mistake");
  await screenshot(page, "admin-refund-confirm-desktop");
  await page.getByTestId("refund-confirm").click();
  await page.getByTestId("payments-status").selectOption("refunded");
  const refunded = page.getByTestId("payment-row").first();
  await expect(refunded).toHaveAttribute("data-status", "refunded");
  await expect(refunded).toContainText("Reason: Bought by mistake");
  await screenshot(page, "admin-payments-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-payments-390");

  // The user's account lists it as refunded, its row readable (contrast on the tinted row) in every
  // language and theme.
  for (const lang of ["en", "ru"] as const)
    for (const theme of ["light", "dark"] as const) {
      await page.goto(`/?demo_user=${userId}&demo_theme=${theme}#/PersonalAccountPage`);
      const payment = page.locator(".account-payment[data-status=refunded]");
      await expect(payment).toBeVisible();
      // The user's saved language wins over the launch data's: it is switched on the account itself
      // (again if the account's own data, arriving after the click, put the saved one back).
      await expect(async () => {
        await page.getByTestId(`language-${lang}`).click();
        await expect(payment).toContainText(lang === "ru" ? "возвращён" : "refunded", { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `account-refunded-payment-${lang}-${theme}`);
    }
});

test("the operator starts a broadcast and watches it finish; bad markup is refused before sending", async ({
  page,
}) => {
  await openApp(page, { lang: "en" });
  await page.setViewportSize({ width: 1280, height: 800 });
  page.on("dialog", (dialog) => void dialog.accept());
  await signInToConsole(page, "broadcasts");

  await page.getByTestId("broadcast-text").fill("New models. Try them");
  await expect(page.locator("#broadcast-hint")).toContainText('escape "." as "\\."');
  await expect(page.getByTestId("broadcast-start")).toBeDisabled();

  await page.getByTestId("broadcast-text").fill("*New models* are in\\. Try them\\!");
  await page.getByTestId("broadcast-segment").selectOption("all");
  await page.getByTestId("broadcast-start").click();
  const card = page.getByTestId("broadcast-card").first();
  await expect(card).toHaveAttribute("data-status", "done", { timeout: 20_000 });
  await expect(card.getByTestId("broadcast-counts")).toContainText("Left: 0");
  await expect(card.getByTestId("broadcast-counts")).not.toContainText("Sent: 0");
  await screenshot(page, "admin-broadcasts-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "admin-broadcasts-390");
});
