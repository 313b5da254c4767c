import { expect, test } from "./fixtures";
import { openApp, payInSandbox, storedToken } from "./helpers";

// Right numbers and one language at a time (docs/product/screens.md#formats-and-language).

test("the documents dial runs to the documents total, not the video one", async ({ page }) => {
  await openApp(page, { hash: "/LimitPage" });
  // Free: 200 documents, no video.
  await expect(page.getByTestId("limit-file")).toContainText("200");
  await expect(page.getByTestId("limit-file")).toContainText("из 200");
  await expect(page.getByTestId("limit-video")).toContainText("из 0");
});

test.describe("far from Moscow", () => {
  test.use({ timezoneId: "Asia/Kamchatka" });

  test("the bell shows a payment's time in the device's time zone", async ({ page }) => {
    await openApp(page);
    await page.goto(page.url().replace(/#.*$/, "#/PackStorePage"));
    await page.locator("[data-purpose=image_tokens]").getByTestId("package-buy").click();
    await payInSandbox(page);
    const createdAt = await page.evaluate(
      async (token) => {
        const res = await fetch("/api/user/notifications", { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { items: { created_at: string }[] }).items[0].created_at;
      },
      await storedToken(page),
    );
    const shown = (timeZone: string) =>
      new Intl.DateTimeFormat("ru-RU", { dateStyle: "medium", timeStyle: "short", timeZone }).format(
        new Date(createdAt),
      );
    expect(shown("Asia/Kamchatka")).not.toBe(shown("Europe/Moscow"));
    await page.getByTestId("header-bell").click();
    await expect(page.getByTestId("notification").first()).toContainText(shown("Asia/Kamchatka"));
  });
});

test("the referral amount uses the locale's decimal separator and takes either one", async ({ page }) => {
  await page.route("**/api/referral/balance", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ ref_balance: 157.6, currency: "RUB" }),
    }),
  );
  await openApp(page, { hash: "/tariffPay/Starter" });
  await page.getByTestId("referral-toggle").check({ force: true });
  await page.getByTestId("referral-all").click();
  await expect(page.getByTestId("referral-input")).toHaveValue("157,60");
  await page.getByTestId("referral-input").fill("100.5");
  await expect(page.getByTestId("referral-input")).toHaveValue("100,5");
  await expect(page.getByTestId("pay-total")).toHaveText("389,50 ₽");

  await openApp(page, { lang: "en", hash: "/tariffPay/Starter" });
  await page.getByTestId("referral-toggle").check({ force: true });
  await page.getByTestId("referral-all").click();
  await expect(page.getByTestId("referral-input")).toHaveValue("157.60");
  await page.getByTestId("referral-input").fill("100,5");
  await expect(page.getByTestId("referral-input")).toHaveValue("100.5");
});

test("compact figures follow the language: 20 тыс. in Russian, 20K in English", async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId("home-quota")).toHaveText("Осталось: 20 тыс. токенов ›");
  await openApp(page, { lang: "en" });
  await expect(page.getByTestId("home-quota")).toHaveText("Left: 20K tokens ›");
});

test("a notice on screen switches language with the interface", async ({ page }) => {
  await page.route("**/api/referral/check-code/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ can_use: true, message: "Код действителен" }),
    }),
  );
  await page.route("**/api/referral/activate-code", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ success: true, message: "Код активирован" }),
    }),
  );
  await openApp(page, { hash: "/PersonalAccountPage" });
  await page.getByTestId("referral-code-input").fill("FRIEND42");
  await page.getByTestId("referral-activate").click();
  await expect(page.getByTestId("account-notice-success")).toHaveText("Код активирован");
  await page.getByTestId("language-en").click();
  await expect(page.getByTestId("account-notice-success")).toHaveText("Code activated");
});

test("Home's tiles and the screens they open carry one name each, in each language", async ({ page }) => {
  const cases = [
    { lang: "ru", tile: "card-image-to-video", name: "Видео из картинки" },
    { lang: "ru", tile: "card-avatar", name: "ИИ-аватар" },
    { lang: "ru", tile: "card-market", name: "Магазин пакетов" },
    { lang: "en", tile: "card-image-to-video", name: "Image to video" },
    { lang: "en", tile: "card-market", name: "Pack store" },
  ] as const;
  for (const { lang, tile, name } of cases) {
    await openApp(page, { lang });
    await expect(page.getByTestId(tile)).toContainText(name);
    await page.getByTestId(tile).click();
    await expect(page.locator(".page h1")).toContainText(name);
  }
  await openApp(page, { lang: "en", hash: "/text-assistants" });
  await expect(page.getByTestId("favorites-tile")).toContainText("Favourites");
  await page.getByTestId("favorites-tile").click();
  await expect(page.locator(".page h1")).toHaveText("Favourites");
  await page.goto(page.url().replace(/#.*$/, "#/image-assistants"));
  await expect(page.locator("[data-testid^=assistant-]").first()).toContainText("Create");
  await expect(page.locator("[data-testid^=assistant-]").first()).toContainText("Your photo");
});

test("the page loads the number and date formatting data on a worker that ends once it has", async ({ page }) => {
  // lib/client/intl-warmup.ts: the inline script's worker makes one of each format per locale, then is ended.
  const closed = new Promise<string>((resolve) =>
    page.on("worker", (worker) => worker.on("close", () => resolve(worker.url()))),
  );
  const violations: string[] = [];
  page.on(
    "console",
    (message) => message.text().includes("Content Security Policy") && violations.push(message.text()),
  );
  await openApp(page);
  expect(await closed).toMatch(/^blob:/);
  expect(violations).toEqual([]);
  // The page formats numbers as before: the quota line's count in Russian.
  await expect(page.getByTestId("home-quota")).toContainText("Осталось");
});
