import { expect, test } from "./fixtures";
import { SDK_MARKER, probeGreeting } from "./greeting-probe";
import { holdSignIn } from "./helpers";

// Issue 13: Home's first paint needs neither @telegram-apps/sdk (it loads right after) nor a
// finished sign-in (the greeting comes from the launch parameters; API calls wait for the login).

test("the greeting shows before sign-in ends, and the SDK's chunk loads only after the first paint", async ({
  page,
}) => {
  const userId = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 10 + 7;
  const probe = await probeGreeting(page);
  const signIn = await holdSignIn(page);

  await page.goto(`/?demo_user=${userId}`);
  await expect(page.getByTestId("greeting")).toHaveText(`Привет, @demo_${userId}!`);
  expect(signIn.requested()).toBe(true);
  // Nothing that needs the token has an answer yet: the quota line waits for the login.
  await expect(page.getByTestId("card-new-dialog")).not.toContainText("Осталось");

  signIn.release();
  await expect(page.getByTestId("card-new-dialog")).toContainText("Осталось: 20 тыс. токенов");
  await expect(page.getByTestId("header-tariff")).toHaveText("Free");

  // The SDK came after the greeting: every script with its code was requested once the greeting was in the page.
  const { greetedAt, scripts } = await probe.read();
  expect(greetedAt).toBeLessThan(Infinity);
  const sdkRequests = scripts.filter((script) => script.body.includes(SDK_MARKER)).map((script) => script.requestedAt);
  expect(sdkRequests.length).toBeGreaterThan(0);
  for (const at of sdkRequests) expect(at).toBeGreaterThan(greetedAt);
});
