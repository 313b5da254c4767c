import { expect, test } from "./fixtures";
import { becomeStarter, openApp, storedToken } from "./helpers";

// One browser storage opened as two accounts in turn (a messenger client with several accounts, a
// shared device): every call of the second carries the second account's token, never the first's.
test("a second account in the same browser storage sends only its own token", async ({ page }) => {
  await openApp(page);
  const firstToken = await storedToken(page);
  expect(firstToken).toBeTruthy();

  // The first account's page is left first: calls it still makes carry its own token, rightly.
  await page.goto("about:blank");
  const sent: { url: string; authorization: string | undefined }[] = [];
  page.on("request", (request) => {
    if (
      request.url().includes("/api/") &&
      !request.url().includes("/api/demo/init-data") &&
      !request.url().includes("/api/auth/")
    ) {
      sent.push({ url: request.url(), authorization: request.headers().authorization });
    }
  });
  const secondUser = await openApp(page, { userId: 970_000_000 + Math.floor(Math.random() * 1_000_000) });
  const storedUser = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem("session") ?? "null") as { userId?: number } | null)?.userId);
  await expect.poll(storedUser).toBe(secondUser);
  const secondToken = await storedToken(page);
  expect(secondToken).not.toBe(firstToken);
  await expect(page.getByTestId("header-tariff")).toHaveText("Free");
  await page.goto(`/?demo_user=${secondUser}#/PersonalAccountPage`);
  await page.getByTestId("header-tariff").waitFor();
  await expect.poll(() => sent.length).toBeGreaterThan(2);
  for (const call of sent) expect(call.authorization, call.url).toBe(`Bearer ${secondToken}`);
});

// The tariff list tells the active card before GET /api/user/user-tariff answers from what this account
// had when last seen on this device (lib/client/account-snapshot.ts), never from another account's.
test("a second account's tariff list never marks the first account's tariff as its own", async ({ page }) => {
  await becomeStarter(page);
  await page.goto(page.url().replace(/#.*$/, "#/tariff"));
  const starterChoice = page.getByTestId("tariff-card-Starter").getByTestId("tariff-choose");
  await expect(starterChoice).toHaveText("Активный тариф");

  await page.goto("about:blank");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/user/user-tariff", async (route) => {
    await held;
    await route.continue();
  });
  await openApp(page, { userId: 971_000_000 + Math.floor(Math.random() * 1_000_000), hash: "/tariff" });
  await expect(starterChoice).toBeVisible();
  await expect(page.getByText("Активный тариф")).toHaveCount(0);
  release();
  await expect(page.getByTestId("tariff-card-Free").getByTestId("tariff-choose")).toHaveText("Активный тариф");
  await expect(starterChoice).not.toHaveText("Активный тариф");
});
