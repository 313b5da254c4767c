import { expect, test } from "./fixtures";
import { openApp, screenshot } from "./helpers";

test("Home greets the user in Russian, shows Free in the header and no back button", async ({ page }) => {
  const userId = await openApp(page);
  await expect(page.getByTestId("greeting")).toHaveText(`Привет, @demo_${userId}!`);
  await expect(page.getByTestId("header-tariff")).toHaveText("Free");
  await expect(page.getByTestId("card-new-dialog")).toContainText("Осталось: 20 тыс. токенов");
  await expect(page.getByTestId("host-back-button")).toHaveCount(0);
  await screenshot(page, "home-ru");
});

test("cards navigate to their routes and the host back button goes one step back", async ({ page }) => {
  await openApp(page);
  const cases: Array<[string, RegExp]> = [
    ["card-assistants", /#\/text-assistants$/],
    ["card-history", /#\/history$/],
    ["card-image-assistants", /#\/image-assistants$/],
    ["card-cabinet", /#\/PersonalAccountPage$/],
    ["card-tariff", /#\/tariff$/],
    ["card-market", /#\/PackStorePage$/],
  ];
  for (const [card, url] of cases) {
    await page.getByTestId(card).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId("host-back-button")).toBeVisible();
    await page.getByTestId("host-back-button").click();
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.getByTestId("greeting")).toBeVisible();
  }
  await page.getByTestId("card-text-to-video").click();
  // The route's query joins the demo's own (demo_user stays, so a reload keeps the account).
  await expect(page).toHaveURL(/\?action=text_to_video&demo_user=\d+#\/video$/);
  // Back once the screen has settled (nothing left to load that would re-render the router): the way
  // back crosses a change of the page query, for which the browser fires no hashchange.
  await expect(page.getByTestId("video-models")).toBeVisible();
  await expect(page.locator(".page-spinner, [aria-busy=true]")).toHaveCount(0);
  await page.getByTestId("host-back-button").click();
  await expect(page.getByTestId("greeting")).toBeVisible();
  await expect(page).toHaveURL(/\?demo_user=\d+#\/$/);
});

test("the header cart opens the package store and the tariff pill the limits page", async ({ page }) => {
  await openApp(page);
  await page.getByTestId("header-cart").click();
  await expect(page).toHaveURL(/#\/PackStorePage$/);
  await page.getByTestId("header-tariff").click();
  await expect(page).toHaveURL(/#\/LimitPage$/);
});

test("an unknown path redirects to Home", async ({ page }) => {
  await openApp(page, { hash: "/no-such-page" });
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId("greeting")).toBeVisible();
});

test("navigation scrolls to the top", async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByTestId("card-market").click();
  await expect(page).toHaveURL(/#\/PackStorePage$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("Home in English", async ({ page }) => {
  const userId = await openApp(page, { lang: "en" });
  await expect(page.getByTestId("greeting")).toHaveText(`Hi, @demo_${userId}!`);
  await screenshot(page, "home-en");
});

test("opened outside the messenger without demo mode, the start-up failure page shows", async ({ page }) => {
  await page.route("**/api/demo/init-data**", (route) => route.fulfill({ status: 404, body: "{}" }));
  await page.goto("/");
  await expect(page.getByTestId("startup-failure")).toContainText("версия мессенджера устарела");
  await screenshot(page, "startup-failure");
});

test("a 401 refreshes the token once by logging in again", async ({ page }) => {
  const userId = await openApp(page);
  // The first page's own calls are answered before its token is spoilt (one still going out after
  // would sign in too, before the reload).
  await page.waitForLoadState("networkidle");
  await page.evaluate(
    (id) => localStorage.setItem("session", JSON.stringify({ userId: id, token: "expired.token.value" })),
    userId,
  );
  // Counted as the browser sends them (a route handler runs before the request goes out), so the
  // count is complete once the page shows what the login let it load.
  const logins: string[] = [];
  await page.route("**/api/auth/telegram-login", (route) => {
    logins.push(route.request().url());
    return route.continue();
  });
  // The header and the card show Free's figures before their data, so the flow waits for the data.
  const loaded = (call: string) =>
    page.waitForResponse((r) => r.url().includes(call) && r.status() === 200, { timeout: 20_000 });
  const tariffLoaded = loaded("/api/user/user-tariff");
  const statisticLoaded = loaded("/api/user/statistic");
  await page.reload();
  await Promise.all([tariffLoaded, statisticLoaded]);
  await expect(page.getByTestId("header-tariff")).toHaveText("Free");
  await expect(page.getByTestId("card-new-dialog")).toContainText("20 тыс.");
  expect(logins.length).toBe(1);
});
