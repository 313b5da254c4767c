import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openApp, payInSandbox, screenshot } from "./helpers";

const goTo = (page: Page, hash: string) => page.goto(page.url().replace(/#.*$/, `#${hash}`));

test("the payment screen says what happens to the current tariff before paying", async ({ page }) => {
  await openApp(page, { hash: "/tariffPay/Starter" });
  await expect(page.getByTestId("tariff-change-notice")).toContainText("каждые 30 дней");
  await expect(page.getByTestId("tariff-change-replace")).toHaveCount(0);
  await page.getByTestId("period-30").click();
  await payInSandbox(page);

  await goTo(page, "/tariffPay/Neuro%20Basic");
  await page.reload();
  await expect(page.getByTestId("tariff-change-replace")).toContainText("Заменяет тариф Starter с момента оплаты");
  await screenshot(page, "tariff-change-replace-ru");
  await goTo(page, "/tariffPay/Starter");
  await expect(page.getByTestId("tariff-change-extend")).toContainText("дни добавляются после его текущего окончания");
});

test("the limits page shows allowance and package units apart, and the personal account lists the changes", async ({
  page,
}) => {
  await openApp(page, { lang: "en", hash: "/PackStorePage" });
  await expect(page.getByText("never expire")).toBeVisible();
  await page.locator("[data-purpose=image_tokens]").getByTestId("package-buy").click();
  await payInSandbox(page);

  await goTo(page, "/LimitPage");
  await page.reload();
  // Free grants 5 pictures (30 units at 6 a picture); the "50 images" package adds 300 units.
  await expect(page.getByTestId("limit-image")).toContainText("30");
  await expect(page.getByTestId("limit-image-packages")).toHaveText("+ 300 in packages");
  await expect(page.getByTestId("limit-text-packages")).toHaveCount(0);
  await screenshot(page, "limits-packages-en");

  await goTo(page, "/PersonalAccountPage");
  const rows = page.getByTestId("spending-row");
  await expect(rows.first()).toContainText("Package");
  await expect(rows.first()).toContainText("+300");
  await expect(rows.first()).toContainText("330 left");
  await expect(rows.filter({ hasText: "Granted" })).toHaveCount(4);
  await page.getByTestId("account-spending").scrollIntoViewIfNeeded();
  await screenshot(page, "spending-en");
});

test("the spending list loads the next page as its end comes into view", async ({ page }) => {
  const row = (id: number) => ({
    id,
    created_at: "2026-11-24T10:00:00.000Z",
    kind: "text_tokens",
    units: -100,
    balance_after: 1000 + id,
    reason: "answer",
    model_name: "gpt-4o",
  });
  await page.route("**/api/user/usage?*", (route) => {
    const pageNumber = Number(new URL(route.request().url()).searchParams.get("page"));
    const ids = Array.from({ length: 20 }, (_, i) => (2 - pageNumber) * 20 + 20 - i);
    return route.fulfill({
      json: { data: ids.map(row), pagination: { hasNextPage: pageNumber < 2, currentPage: pageNumber, totalPages: 2 } },
    });
  });
  await openApp(page, { lang: "en", hash: "/PersonalAccountPage" });
  const rows = page.getByTestId("spending-row");
  await expect(rows).toHaveCount(20);
  await rows.last().scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(40);
  await expect(rows.last()).toContainText("1,001 left");
});
