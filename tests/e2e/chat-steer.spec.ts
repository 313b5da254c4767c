import { expect, test } from "./fixtures";
import { openApp, screenshot } from "./helpers";

// Steering the dialogue from the mini-app: a first message in the chat goes to the tariff's default
// model, the history thread shows which model wrote each answer, and "continue in chat" offers the
// models the session may move to.

test("the thread labels each answer with its model; continue in chat moves the dialogue to another model", async ({
  page,
}) => {
  const userId = await openApp(page, { lang: "en" });
  await page.goto(`/demo-chat?lang=en&demo_user=${userId}`);
  await page.getByTestId("demo-chat-input").fill("Hello, who are you?");
  await page.getByTestId("demo-chat-send").click();
  const bot = page.getByTestId("demo-chat-bot");
  await expect(bot.filter({ hasText: "GPT-4o mini answers: your tariff's default model." })).toBeVisible({
    timeout: 20_000,
  });
  await expect(bot.filter({ hasText: "context" }).last()).toBeVisible({ timeout: 20_000 });
  await screenshot(page, "chat-steer-default-model-en");

  await page.goto(`/?demo_user=${userId}&demo_lang=en#/history`);
  await page.getByTestId("history-session").first().click();
  await expect(page.getByTestId("bubble-model")).toHaveText("GPT-4o mini");
  // Hovered, not clicked: a mouse's click on the button already expanded by its hover continues at once.
  await page.getByTestId("history-continue").hover();
  const choice = page.getByTestId("history-continue-model");
  await expect(choice).toHaveValue(/\d+/);
  await expect(choice.locator("option")).toHaveText(["GPT-4o mini", "Gemini Flash", "YandexGPT"]);
  await choice.selectOption({ label: "Gemini Flash" });
  // The label's widening transition has run to its end before the picture.
  await expect
    .poll(() => page.getByTestId("history-continue").evaluate((el) => el.getAnimations({ subtree: true }).length))
    .toBe(0);
  await screenshot(page, "chat-steer-continue-model-en");
  await page.getByTestId("history-continue").click();

  // Demo mode opens the demo chat, where the bot says the dialogue goes on with the chosen model.
  await expect(page).toHaveURL(/\/demo-chat\?/);
  await expect(bot.filter({ hasText: "(model Gemini Flash)" })).toBeVisible({ timeout: 20_000 });
  await screenshot(page, "chat-steer-continued-en");
});
