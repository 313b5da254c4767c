import { expect, test } from "./fixtures";
import { openApp, screenshot } from "./helpers";

// Demo mode has no messenger: the demo chat page stands in for the bot chat. Its messages go through
// the same update path as Telegram's (stored update, bot worker, sandbox model), and what the bot says
// is what its demo transport recorded.

const botMessages = (page: import("@playwright/test").Page) => page.getByTestId("demo-chat-bot");

// Chromium's fake microphone (a tone) stands in for a real one, its permission granted; the rest of
// the launch options are the configuration's.
test.use({
  permissions: ["microphone"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
});

test("launch an assistant, continue in the demo chat, get the sandbox answer, find the dialogue in history", async ({
  page,
}) => {
  const userId = await openApp(page, { hash: "/text-assistants" });
  await page.getByTestId("category-coding").click();
  const card = page.locator("article", { hasText: "SQL-помощник" });
  await card.getByRole("button", { name: "Старт" }).click();
  await page.getByTestId("model-modal").getByTestId("modal-model-gpt-4o-mini").click();
  const notice = page.getByTestId("assistant-launched");
  await expect(notice).toBeVisible();
  const link = notice.getByTestId("demo-chat-link");
  await expect(link).toHaveText("Открыть демо-чат с ботом ›");
  await expect(link).toHaveAttribute("href", `/demo-chat?lang=ru&demo_user=${userId}`);
  await screenshot(page, "demo-chat-launch-notice-ru");
  await link.click();

  await expect(page).toHaveURL(/\/demo-chat\?/);
  // The launch notice the app queued, recorded by the outbox worker.
  await expect(botMessages(page).first()).toContainText(
    "Ассистент «SQL-помощник» готов к работе (модель GPT-4o mini)",
    { timeout: 20_000 },
  );

  const question = "Как выбрать **первые** 10 строк?";
  await page.getByTestId("demo-chat-input").fill(question);
  const sent = page.waitForResponse(
    (r) => r.url().endsWith("/api/demo/chat/updates") && r.request().method() === "POST",
  );
  await page.getByTestId("demo-chat-send").click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByTestId("demo-chat-user").last()).toContainText(question);
  await expect(page.getByTestId("demo-chat-input")).toHaveValue("");

  // The sandbox model's labelled answer in the chat's language (Russian), streamed and then sent
  // formatted (MarkdownV2) with its cost line.
  const answer = botMessages(page).filter({ hasText: "Демо-ответ (песочница, ИИ-модель не подключена)" });
  await expect(answer).toHaveCount(1, { timeout: 30_000 });
  await expect(answer.locator("strong").first()).toHaveText("Демо-ответ (песочница, ИИ-модель не подключена)");
  await expect(answer).not.toContainText("Demo answer");
  await expect(answer.locator("pre code")).toContainText("const answer = await model.reply(");
  // The quoted question is Markdown too: Telegram shows its bold.
  await expect(answer.locator("blockquote")).toContainText("Как выбрать первые 10 строк?");
  await expect(answer.locator("blockquote strong")).toHaveText("первые");
  await expect(answer).toContainText("— единиц текста:", { timeout: 30_000 });
  await expect(page.getByTestId("demo-chat-typing")).toHaveCount(0);
  await screenshot(page, "demo-chat-answer-ru");

  // The dialogue is in history (POST /api/history/) and in the session's thread.
  await page.getByTestId("demo-chat-back").click();
  await page.getByTestId("header-tariff").waitFor();
  const list = page.waitForResponse((r) => r.url().endsWith("/api/history/") && r.request().method() === "POST");
  await page.getByTestId("card-history").click();
  const listed = (await (await list).json()) as { data: Array<{ name: string; last_user_message: string | null }> };
  // Titled after its first message (docs/decisions/0482), not the assistant's name.
  expect(listed.data[0]).toMatchObject({ name: question, last_user_message: question });
  await page.getByTestId("history-session").first().click();
  await expect(page.locator(".bubble--user", { hasText: "Как выбрать" })).toBeVisible();
  await expect(page.locator(".bubble--ai", { hasText: "Демо-ответ" })).toBeVisible();

  // Continue in chat from the thread opens the demo chat again, where the bot says so (docs/product/history.md).
  // A mouse expands the button by hovering (its click then continues at once): hover first, so the
  // click is not raced by the hover's render.
  const button = page.getByTestId("history-continue");
  await button.hover();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await button.click();
  await expect(page).toHaveURL(/\/demo-chat\?/);
  await expect(botMessages(page).last()).toContainText("Продолжаем диалог «SQL-помощник»", { timeout: 20_000 });
});

test("a photo and a document sent from the demo chat get bot replies; dark theme at 320 px, in English", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const userId = 960_000_000 + Math.floor(Math.random() * 1_000_000);
  await page.goto(`/demo-chat?demo_user=${userId}&demo_lang=en&demo_theme=dark`);
  await expect(page.getByTestId("demo-chat-empty")).toContainText("No messages yet");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  const sendFile = async (file: string) => {
    const sent = page.waitForResponse((r) => r.url().endsWith("/api/demo/chat/updates"));
    await page.getByTestId("demo-chat-file").setInputFiles(file);
    expect((await sent).status()).toBe(200);
  };
  await page.getByTestId("demo-chat-input").fill("What is in this picture?");
  await sendFile("tests/fixtures/photo.png");
  const photo = page.getByTestId("demo-chat-user").first();
  await expect(photo.locator("img")).toBeVisible();
  await expect(photo).toContainText("What is in this picture?");
  // The stored upload is served back by its signed link.
  await expect
    .poll(() => photo.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect.poll(() => botMessages(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  const afterPhoto = await botMessages(page).count();

  await sendFile("tests/fixtures/sample.pdf");
  await expect(page.getByTestId("demo-chat-user").nth(1).getByTestId("demo-chat-document")).toHaveText(/sample\.pdf/);
  await expect.poll(() => botMessages(page).count(), { timeout: 20_000 }).toBeGreaterThan(afterPhoto);
  // Replies come after what they answer.
  const order = await page
    .locator("[data-testid=demo-chat-user], [data-testid=demo-chat-bot]")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid")));
  expect(order[0]).toBe("demo-chat-user");
  expect(order[afterPhoto + 1]).toBe("demo-chat-user");
  expect(order.at(-1)).toBe("demo-chat-bot");
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await screenshot(page, "demo-chat-files-dark-en");
});

test("a file that is not what it claims is refused with the server's reason", async ({ page }) => {
  const userId = 970_000_000 + Math.floor(Math.random() * 1_000_000);
  await page.goto(`/demo-chat?demo_user=${userId}&demo_lang=en`);
  await expect(page.getByTestId("demo-chat-empty")).toBeVisible();
  await page
    .getByTestId("demo-chat-voice-file")
    .setInputFiles({ name: "voice.ogg", mimeType: "audio/ogg", buffer: Buffer.from("not audio at all") });
  await expect(page.getByTestId("demo-chat-error")).toContainText(
    "Could not send: A voice message or audio must be an audio file",
  );
});

test("a voice message recorded with the microphone is sent as a voice update and played back", async ({ page }) => {
  const userId = 980_000_000 + Math.floor(Math.random() * 1_000_000);
  await page.goto(`/demo-chat?demo_user=${userId}&demo_lang=en`);
  await expect(page.getByTestId("demo-chat-empty")).toBeVisible();
  await page.getByTestId("demo-chat-voice").click();
  // A second of sound is on the tape once the recorder's own counter says so.
  await expect(page.getByRole("status").filter({ hasText: "Recording… 1 s" })).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().endsWith("/api/demo/chat/updates"));
  await page.getByTestId("demo-chat-voice-stop").click();
  expect((await sent).status()).toBe(200);
  // Shown as the voice message the server built from the recording (a WebM file, checked by content).
  const voice = page.getByTestId("demo-chat-user").first().locator("audio");
  await expect(voice).toHaveAttribute("aria-label", "Voice message");
  expect(await voice.getAttribute("src")).toMatch(/^\/api\/files\/demo-chat\/user\/.+\.webm\?exp=/);
  await expect.poll(() => botMessages(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await screenshot(page, "demo-chat-voice-en");
});

test("a text dialogue in the demo chat: a recorded voice note is heard and answered, a photo is seen, /voice adds a spoken answer", async ({
  page,
}) => {
  await openApp(page, { lang: "en" });
  await page.getByTestId("card-new-dialog").click();
  const picker = page.getByTestId("model-picker-text");
  // The models that see images carry the eye, named for screen readers.
  await expect(picker.getByTestId("model-option-gpt-4o-mini").getByRole("img", { name: "Sees images" })).toBeVisible();
  await expect(picker.getByTestId("model-option-yandexgpt").getByTestId("model-vision")).toHaveCount(0);
  await screenshot(page, "demo-chat-vision-picker-en");
  await picker.getByTestId("model-option-gpt-4o-mini").click();
  await page.getByTestId("model-picker-launched").getByTestId("demo-chat-link").click();
  await expect(page).toHaveURL(/\/demo-chat\?/);
  await expect(botMessages(page).first()).toContainText("You are now talking to GPT-4o mini", { timeout: 20_000 });

  // A voice note from the (fake) microphone: the transcript, then the answer with both prices on its cost line.
  await page.getByTestId("demo-chat-voice").click();
  await expect(page.getByRole("status").filter({ hasText: "Recording… 1 s" })).toBeVisible();
  await page.getByTestId("demo-chat-voice-stop").click();
  const heard = botMessages(page).filter({ hasText: "🎤 You said:" });
  await expect(heard).toHaveCount(1, { timeout: 20_000 });
  await expect(heard.locator("blockquote")).toContainText("Demo transcription (sandbox");
  const spokenAnswer = botMessages(page).filter({ hasText: /audio units: \d+, left: \d+; text units: \d+/ });
  await expect(spokenAnswer).toHaveCount(1, { timeout: 30_000 });
  await expect(spokenAnswer.locator("blockquote")).toContainText("Demo transcription");

  // A photo with a question: the model sees it (the sandbox tells its format and size).
  await page.getByTestId("demo-chat-input").fill("What is in this picture?");
  await page.getByTestId("demo-chat-file").setInputFiles("tests/fixtures/photo.jpg");
  const seen = botMessages(page).filter({ hasText: "you sent a JPEG picture of" });
  await expect(seen).toHaveCount(1, { timeout: 30_000 });
  await expect(seen).toContainText("— text units:");
  await screenshot(page, "demo-chat-voice-photo-en");

  // /voice: the next answer comes as text, then as a voice message with its price.
  await page.getByTestId("demo-chat-input").fill("/voice");
  await page.getByTestId("demo-chat-send").click();
  await expect(botMessages(page).filter({ hasText: "Spoken answers are on for this dialogue" })).toHaveCount(1, {
    timeout: 20_000,
  });
  await page.getByTestId("demo-chat-input").fill("Say hello");
  await page.getByTestId("demo-chat-send").click();
  const voiced = botMessages(page)
    .filter({ has: page.locator("audio") })
    .filter({ hasText: "— audio units:" });
  await expect(voiced).toHaveCount(1, { timeout: 30_000 });
  await expect(voiced.locator("audio")).toHaveAttribute("aria-label", "Voice message");
  await expect(botMessages(page).last()).toContainText("Demo speech (sandbox");
  await expect(page.getByTestId("demo-chat-typing")).toHaveCount(0);
  await screenshot(page, "demo-chat-spoken-answer-en");
});

test("a photo to a model that cannot see offers the models that can; choosing one answers the photo (in Russian)", async ({
  page,
}) => {
  await openApp(page, { lang: "ru" });
  await page.getByTestId("card-new-dialog").click();
  const picker = page.getByTestId("model-picker-text");
  await expect(
    picker.getByTestId("model-option-gemini-flash").getByRole("img", { name: "Видит изображения" }),
  ).toBeVisible();
  // The model icons are in before the picture is taken.
  await expect
    .poll(() => picker.locator("img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
    .toBe(true);
  await screenshot(page, "demo-chat-vision-picker-ru");
  await picker.getByTestId("model-option-yandexgpt").click();
  await page.getByTestId("model-picker-launched").getByTestId("demo-chat-link").click();
  await expect(botMessages(page).first()).toContainText("YandexGPT", { timeout: 20_000 });

  await page.getByTestId("demo-chat-input").fill("Что это?");
  await page.getByTestId("demo-chat-file").setInputFiles("tests/fixtures/photo.png");
  const offer = botMessages(page).filter({ hasText: "YandexGPT не видит картинки" });
  await expect(offer).toHaveCount(1, { timeout: 20_000 });
  await expect(offer.getByTestId("demo-chat-button")).toHaveText(["GPT-4o mini", "Gemini Flash"]);
  await screenshot(page, "demo-chat-vision-offer-ru");
  await offer.getByTestId("demo-chat-button").filter({ hasText: "Gemini Flash" }).click();
  await expect(botMessages(page).filter({ hasText: "Теперь отвечает Gemini Flash" })).toHaveCount(1, {
    timeout: 20_000,
  });
  const seen = botMessages(page).filter({ hasText: "картинку PNG" });
  await expect(seen).toHaveCount(1, { timeout: 30_000 });
  await expect(seen).toContainText("— единиц текста:");
  await expect(page.getByTestId("demo-chat-typing")).toHaveCount(0);
  await screenshot(page, "demo-chat-vision-answer-ru");
});
