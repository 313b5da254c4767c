import { expect, test } from "./fixtures";
import { openApp } from "./helpers";

// The sandbox checkout is server-rendered; its buttons only work once React has hydrated. On a busy
// machine a click in that gap was lost and the result never came. Slow the page's scripts down and
// check that the buttons wait for hydration, then that the first click goes through.
test("the sandbox checkout buttons stay disabled until the page has hydrated", async ({ page }) => {
  await openApp(page, { hash: "/PackStorePage" });
  await page.locator("[data-purpose=text_tokens]").first().getByTestId("package-buy").click();
  await expect(page.getByTestId("pay-button")).toBeEnabled();

  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.context().route("**/_next/static/**/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const popupPromise = page.waitForEvent("popup");
  await page.getByTestId("pay-button").click();
  const popup = await popupPromise;
  await expect(popup.getByTestId("checkout-confirm")).toBeVisible();
  await expect(popup.getByTestId("checkout-confirm")).toBeDisabled();

  releaseScripts();
  await popup.getByTestId("checkout-confirm").click();
  await expect(popup.getByTestId("checkout-result")).toHaveAttribute("data-status", "completed");
});
