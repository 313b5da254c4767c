import { expect, test } from "./fixtures";
import { openApp } from "./helpers";

// Issue 12: a 429 from the server reads as a clear message in the user's language.
test("a rate-limited launch says to wait a minute", async ({ page }) => {
  await page.route("**/api/models/session", (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": "30", "content-type": "application/json" },
      body: JSON.stringify({ error: { code: "rate_limited", message: "Too many requests, try again later" } }),
    }),
  );
  await openApp(page);
  await page.getByTestId("card-new-dialog").click();
  await page.getByTestId("model-picker-text").getByTestId("model-option-gpt-4o-mini").click();
  await expect(page.getByText("Слишком много запусков подряд. Подождите минуту и попробуйте снова.")).toBeVisible();
});
