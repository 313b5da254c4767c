import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openApp, screenshot, seriousViolations } from "./helpers";

// The operator console at /admin in demo mode: the demo operator signs in without the widget, looks
// a user up and grants units; the mini-app's "Console" link signs the demo operator in by a one-time link.

const DEMO_OPERATOR = 100000001;

async function signInAsDemoOperator(page: Page) {
  await page.goto("/admin?lang=en");
  await page.getByTestId("admin-demo-sign-in").click();
  await expect(page.getByTestId("admin-console")).toBeVisible();
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["390px", { width: 390, height: 844 }],
] as const) {
  test(`${label}: the demo operator finds a user and grants units; the grant is in the balances, ledger and audit`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const telegramId = await openApp(page);
    await signInAsDemoOperator(page);
    await screenshot(page, `admin-${label}-signed-in`);

    await page.getByTestId("admin-nav-users").click();
    await page.getByTestId("admin-users-search").fill(String(telegramId));
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("admin-user-row")).toHaveCount(1);
    await page.getByTestId("admin-user-row").getByRole("button").click();

    const packageImages = page.getByTestId("admin-package-image_tokens");
    await expect(packageImages).toHaveText("0");
    await page.getByTestId("admin-grant-kind").selectOption("image_tokens");
    await page.getByTestId("admin-grant-units").fill("25");
    await page.getByTestId("admin-grant-reason").fill("complaint about a failed picture");
    await page.getByTestId("admin-grant-save").click();
    await expect(page.getByTestId("admin-grant-result")).toContainText("25 in packages");
    await expect(packageImages).toHaveText("25");
    await expect(page.getByTestId("admin-user-ledger")).toContainText("+25");
    await screenshot(page, `admin-${label}-user`);

    await page.getByTestId("admin-nav-audit").click();
    await expect(page.getByTestId("admin-audit-row").first()).toContainText("user.grant");
    await expect(page.getByTestId("admin-audit-row").first()).toContainText(String(DEMO_OPERATOR));
    await screenshot(page, `admin-${label}-audit`);
  });
}

test("at 390 px every console tab is on screen (the tab bar wraps) and no screen scrolls sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemoOperator(page);
  const tabs = page.locator(".admin-nav a");
  await expect(tabs).toHaveCount(10);
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await screenshot(page, "admin-390px-tabs");
  for (const tab of [
    "dashboard",
    "catalogue",
    "users",
    "payments",
    "broadcasts",
    "channels",
    "audit",
    "requests",
    "operators",
  ]) {
    await page.getByTestId(`admin-nav-${tab}`).click();
    await expect(page.locator(".admin-main h1")).toBeVisible();
    await expect(page.locator(".admin-main table, .admin-main .admin-hint").first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, tab).toBeLessThanOrEqual(0);
    // Every tab read on a phone as on a desktop: no critical or serious axe rule, no skipped heading.
    await expect(page.locator("[aria-busy=true], .admin-main [role=progressbar]")).toHaveCount(0);
    expect(await seriousViolations(page), tab).toEqual([]);
  }
});

test("the mini-app's Console link signs the demo operator in to /admin once", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, { userId: DEMO_OPERATOR, lang: "en", hash: "/PersonalAccountPage" });
  await page.getByTestId("account-console-link").click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("admin-console")).toBeVisible();
});

test("a fresh demo user sees no Console link", async ({ page }) => {
  await openApp(page, { hash: "/PersonalAccountPage" });
  await expect(page.getByTestId("personal-account")).toBeVisible();
  await expect(page.getByTestId("account-spending")).toBeVisible();
  await expect(page.getByTestId("account-console-link")).toHaveCount(0);
});
