import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { backFromCheckout, screenshot } from "./helpers";
import { fixtures, screenRows, showScreen, type Lang } from "./screens";

// Issue 14: the app follows the host's theme, fits every phone width and keeps the demo's account,
// language and theme through every navigation.
let nextUser = 930_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

type Theme = "light" | "dark";

async function openDemo(page: Page, p: { lang: Lang; theme: Theme; hash?: string; userId?: number }) {
  const query = new URLSearchParams({
    demo_user: String(p.userId ?? nextUser++),
    demo_lang: p.lang,
    demo_theme: p.theme,
  });
  await page.goto(`/?${query}#${p.hash ?? "/"}`);
  await page.getByTestId("header-tariff").waitFor();
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const theme of ["light", "dark"] as const) {
  for (const lang of ["ru", "en"] as const) {
    test(`every screen fits 320, 390 and 450 px without sideways scroll (${theme}, ${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const userId = nextUser++;
      const rows = Object.entries(screenRows(await fixtures(request, userId, lang)));
      const demo = new URLSearchParams({ demo_user: String(userId), demo_lang: lang, demo_theme: theme });
      await openDemo(page, { lang, theme, userId });
      for (const [name, row] of rows) {
        await page.setViewportSize({ width: 390, height: 800 });
        await showScreen(page, row.path, demo);
        await page.locator(row.ready).first().waitFor();
        await expect(page.locator(".page-spinner, [aria-busy=true]")).toHaveCount(0);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        for (const width of [320, 390, 450]) {
          await page.setViewportSize({ width, height: 800 });
          expect(await horizontalOverflow(page), `${name} at ${width}px`).toBeLessThanOrEqual(0);
          await screenshot(page, `native-${name}-${theme}-${lang}-${width}`);
        }
      }
    });
  }
}

test("the dark demo theme reaches the CSS variables", async ({ page }) => {
  await openDemo(page, { lang: "ru", theme: "dark" });
  const bg = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--tg-theme-bg-color").trim(),
  );
  expect(bg.toLowerCase()).toBe("#17212b");
  const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(body).toBe("rgb(14, 22, 33)");
});

test("Home's quota line and the header's tariff badge open the limits page", async ({ page }) => {
  await openDemo(page, { lang: "ru", theme: "light" });
  await page.getByTestId("home-quota").click();
  await expect(page).toHaveURL(/#\/LimitPage$/);
  await page.goto(page.url().replace(/#.*$/, "#/"));
  await page.getByTestId("header-tariff").click();
  await expect(page).toHaveURL(/#\/LimitPage$/);
});

test("a dial accepts a number typed with spaces between the thousands", async ({ page }) => {
  await openDemo(page, { lang: "ru", theme: "light", hash: "/CreateTariff" });
  const input = page.getByTestId("dial-input-text");
  await expect(page.getByTestId("dial-value-text")).toHaveText("2 млн");
  await input.fill("3\u00a0000\u00a0000");
  await input.press("Enter");
  await expect(page.getByTestId("dial-value-text")).toHaveText("3 млн");
  await input.fill("3 500 000");
  await input.press("Enter");
  await expect(page.getByTestId("dial-value-text")).toHaveText("3,5 млн");
  await expect(input).toHaveValue(/^3\s500\s000$/);
});

test("the demo keeps its user, language and theme through a video link and the sandbox checkout", async ({ page }) => {
  const userId = nextUser++;
  await openDemo(page, { lang: "en", theme: "dark", hash: "/", userId });
  await page.getByTestId("card-text-to-video").click();
  await expect(page).toHaveURL(/#\/video$/);
  const search = new URL(page.url()).searchParams;
  expect(search.get("action")).toBe("text_to_video");
  expect(search.get("demo_user")).toBe(String(userId));
  expect(search.get("demo_lang")).toBe("en");
  expect(search.get("demo_theme")).toBe("dark");
  await page.reload();
  await page.getByTestId("header-tariff").waitFor();
  expect(new URL(page.url()).searchParams.get("demo_user")).toBe(String(userId));

  await page.goto(`/?demo_user=${userId}&demo_lang=en&demo_theme=dark#/PackStorePage`);
  // A package of units: the refill is not sold to a new user, whose balances are full.
  await page.locator("[data-purpose=text_tokens]").first().getByTestId("package-buy").click();
  await expect(page).toHaveURL(/#\/packagePay\/\d+$/);
  const popupPromise = page.waitForEvent("popup");
  await page.getByTestId("pay-button").click();
  const popup = await popupPromise;
  expect(new URL(popup.url()).searchParams.get("lang")).toBe("en");
  // Themed as the app was: the dark palette, not the light default.
  await expect(popup.getByTestId("checkout")).toHaveAttribute("data-theme", "dark");
  // Polled: the stylesheet may still be on its way when the markup is there.
  await expect
    .poll(() => popup.getByTestId("checkout").evaluate((el) => getComputedStyle(el).backgroundColor))
    .toBe("rgb(23, 33, 43)");
  await expect(popup.getByRole("heading", { level: 1 })).toHaveText("Checkout (test mode)");
  // The checkout speaks the interface language and writes the amount as the locale does.
  await expect(popup.getByTestId("checkout-amount")).toHaveText(/^₽\d/);
  // A link without the language (as the real host opens it) speaks the payer's own.
  const bare = await page.context().newPage();
  await bare.goto(popup.url().replace(/\?.*$/, ""));
  await expect(bare.getByRole("heading", { level: 1 })).toHaveText("Checkout (test mode)");
  await bare.close();
  await popup.getByTestId("checkout-confirm").click();
  await expect(popup.getByTestId("checkout-result")).toHaveAttribute("data-status", "completed");
  const back = popup.getByTestId("checkout-back");
  await expect(back).toHaveAttribute("href", `/?demo_user=${userId}&demo_lang=en&demo_theme=dark`);
  // The checkout the app opened returns to the app's own tab and closes (no second copy of the app).
  await backFromCheckout(popup);
  await page.getByTestId("header-tariff").waitFor();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(new URL(page.url()).searchParams.get("demo_user")).toBe(String(userId));
});
