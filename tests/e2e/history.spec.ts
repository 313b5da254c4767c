import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openApp, screenshot } from "./helpers";

type SeedMessage = {
  user_text?: string;
  ai_text?: string;
  user_file_url?: string;
  user_file_name?: string;
  ai_file_url?: string;
};
type SeedSession = { name: string; action?: string; messages?: SeedMessage[]; generated_messages?: number };

let nextUser = 930_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

/** A fresh demo user with history written through the demo-only seeding call. */
async function userWithHistory(request: APIRequestContext, sessions: SeedSession[], lang: "ru" | "en" = "ru") {
  const userId = nextUser++;
  const { initData } = await (await request.get(`/api/demo/init-data?user=${userId}&lang=${lang}`)).json();
  const { jwtToken } = await (await request.post("/api/auth/telegram-login", { data: { initData } })).json();
  const res = await request.post("/api/demo/history", {
    data: { sessions },
    headers: { authorization: `Bearer ${jwtToken}` },
  });
  expect(res.status()).toBe(200);
  const { session_ids } = (await res.json()) as { session_ids: number[] };
  return { userId, sessionIds: session_ids };
}

const rows = (page: Page) => page.getByTestId("history-message");

test("history list: loads 10 at a time while scrolling down to the end text", async ({ page, request }) => {
  const sessions = Array.from({ length: 25 }, (_, i) => ({
    name: `Сессия ${i + 1}`,
    messages: [{ user_text: `Вопрос номер ${i + 1} 🙂 ${"очень длинный текст ".repeat(4)}`, ai_text: "ok" }],
  }));
  const { userId } = await userWithHistory(request, sessions);
  await openApp(page, { userId });
  await page.getByTestId("card-history").click();
  await expect(page.getByRole("heading", { name: "Мои диалоги" })).toBeVisible();
  const cards = page.getByTestId("history-session");
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toContainText("Вопрос номер 1 ");
  await expect(cards.first().getByTestId("history-session-preview")).toHaveText(
    "Вопрос номер 1 🙂 очень длинный текст очень длинный…",
  );
  await expect(page.getByTestId("history-end")).toHaveCount(0);
  await screenshot(page, "history-list-ru");
  for (const count of [20, 25]) {
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(count);
  }
  await expect(page.getByTestId("history-end")).toHaveText("Это все ваши диалоги");
  await expect(cards.last()).toContainText("Вопрос номер 25 ");
  await cards.nth(2).click();
  await expect(page).toHaveURL(/#\/history\/\d+$/);
  await expect(page.getByRole("heading", { name: /^Вопрос номер 3 🙂/ })).toBeVisible();
});

test("history: the empty text offers to start a dialogue, and an unknown session", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page, { hash: "/history" });
  await expect(page.getByTestId("history-empty")).toContainText("История сессий пуста");
  await screenshot(page, "history-empty-ru-390");
  await page.getByTestId("history-start-dialog").click();
  // Home's text model picker opens in place: choosing a model starts the dialogue.
  await expect(page.getByTestId("model-picker-text")).toBeVisible();
  await screenshot(page, "history-empty-picker-ru-390");
  await page.evaluate(() => (window.location.hash = "/history/2000000000"));
  await expect(page.getByTestId("history-not-found")).toContainText("Сессия не найдена");
});

test("history list: a load error with retry, in English", async ({ page }) => {
  let fail = true;
  await page.route("**/api/history/", (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "internal", message: "Сервер недоступен" } }),
        })
      : route.fallback(),
  );
  await openApp(page, { hash: "/history", lang: "en" });
  await expect(page.getByTestId("history-error")).toContainText("Loading error: Сервер недоступен", {
    timeout: 30_000,
  });
  await screenshot(page, "history-error-en");
  fail = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("history-empty")).toContainText("Your session history is empty");
});

test("thread of 10 000 messages: virtualised, opens at the newest, scroll-to-bottom button", async ({
  page,
  request,
}) => {
  const { userId, sessionIds } = await userWithHistory(request, [
    { name: "Длинный диалог", generated_messages: 10_000 },
  ]);
  await openApp(page, { userId, hash: `/history/${sessionIds[0]}` });
  await expect(page.getByText("Ответ на сообщение 10000", { exact: true })).toBeVisible();
  expect(await rows(page).count()).toBeLessThan(60);
  await expect(page.getByTestId("history-scroll-bottom")).toHaveCount(0);
  // The viewport only: a full-page picture of 10 000 rows' worth of height says nothing.
  await screenshot(page, "history-thread-bottom-ru", { fullPage: false });

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByText("Сообщение 1", { exact: true })).toBeVisible();
  expect(await rows(page).count()).toBeLessThan(60);
  await page.getByTestId("history-scroll-bottom").click();
  await expect(page.getByText("Ответ на сообщение 10000", { exact: true })).toBeVisible();
  await expect(page.getByTestId("history-scroll-bottom")).toHaveCount(0);
  expect(await rows(page).count()).toBeLessThan(60);
});

test("thread: markdown, copy a code block, attachments, long-press downloads an image", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const code = 'const answer = 42;\nconsole.log("answer", answer);';
  const { userId, sessionIds } = await userWithHistory(request, [
    {
      name: "Код и файлы",
      messages: [
        {
          user_text: "Покажи код",
          ai_text: `Вот **пример** и [ссылка](https://example.com):\n\n\`\`\`js\n${code}\n\`\`\`\n\n| a | b |\n|---|---|\n| 1 | 2 |`,
        },
        { user_text: "Нарисуй логотип", ai_file_url: `${baseURL}/logo.svg`, ai_text: "Готово" },
        {
          user_file_url: `${baseURL}/files/report.pdf`,
          user_file_name: "Отчёт за май.pdf",
          user_text: "Вот отчёт",
          ai_file_url: `${baseURL}/files/clip.mp4`,
        },
        { user_file_url: `${baseURL}/files/voice.ogg`, ai_file_url: `${baseURL}/files/project.zip`, ai_text: "Архив" },
      ],
    },
  ]);
  // Stand-ins for stored files (the bot dialogue writes real ones).
  await page.route("**/files/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/octet-stream", body: "file" }),
  );
  // The page's timers run on Playwright's clock (at normal speed until the long press pauses it).
  await page.clock.install();
  await openApp(page, { userId, hash: `/history/${sessionIds[0]}` });
  const block = page.getByTestId("code-block");
  await expect(block).toContainText("console.log");
  await expect(page.locator(".bubble--ai strong", { hasText: "пример" })).toBeVisible();
  await expect(page.locator(".bubble--ai a", { hasText: "ссылка" })).toHaveAttribute("href", "https://example.com");
  await expect(page.locator(".bubble--user", { hasText: "Покажи код" })).toBeVisible();
  await expect(page.locator(".bubble--ai table")).toBeVisible();

  await block.getByTestId("code-copy").click();
  await expect(block.getByTestId("code-copy")).toHaveText("Скопировано");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  const kinds = page.getByTestId("attachment");
  await expect(kinds).toHaveCount(5);
  expect(await kinds.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-kind")))).toEqual([
    "image",
    "document",
    "video",
    "audio",
    "archive",
  ]);
  // The upload's own name, not its stored one.
  await expect(page.locator(".attachment--document").getByTestId("attachment-name")).toHaveText("Отчёт за май.pdf");
  await expect(page.locator(".attachment--document")).toContainText("Документ");
  await screenshot(page, "history-thread-files-ru");

  // A short click does not download; holding for 500 ms does. The page's clock stands still and is
  // moved by hand, so the hold lasts exactly as long as the test says.
  const image = page.getByTestId("attachment-image");
  await image.scrollIntoViewIfNeeded();
  const box = (await image.boundingBox())!;
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.clock.runFor(200);
  await page.mouse.up();
  await page.clock.runFor(600);
  expect(downloads).toBe(0);
  const download = page.waitForEvent("download");
  await page.mouse.down();
  await page.clock.runFor(500);
  await page.mouse.up();
  expect((await download).suggestedFilename()).toBe("logo.svg");
  await page.clock.resume();

  const fileDownload = page.waitForEvent("download");
  await page.locator(".attachment--document").getByTestId("attachment-download").click();
  expect((await fileDownload).suggestedFilename()).toBe("Отчёт за май.pdf");
});

const VOICE_PREVIEWS = {
  ru: ["🎤 Купить хлеб и молоко", "🎤 Голосовое сообщение", "Сообщений пока нет"],
  en: ["🎤 Купить хлеб и молоко", "🎤 Voice message", "No messages yet"],
};
for (const lang of ["ru", "en"] as const) {
  test(`history list: voice sessions preview their first transcript or a voice mark (${lang}, 390 px)`, async ({
    page,
    request,
    baseURL,
  }) => {
    const { userId } = await userWithHistory(
      request,
      [
        {
          name: "Расшифровка",
          action: "speech_to_text",
          messages: [{ user_file_url: `${baseURL}/files/voice.ogg`, ai_text: "Купить хлеб и молоко" }],
        },
        {
          name: "Шумоподавление",
          action: "noise_removal",
          messages: [{ user_file_url: `${baseURL}/files/voice.ogg`, ai_file_url: `${baseURL}/files/clean.ogg` }],
        },
        { name: "Пустой", messages: [] },
      ],
      lang,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, { userId, lang, hash: "/history" });
    await expect(page.getByTestId("history-session-preview")).toHaveText(VOICE_PREVIEWS[lang]);
    await screenshot(page, `history-voice-${lang}-390`);
  });
}

test("continue in chat: expands on hover, continues the session and moves it to the top of the list", async ({
  page,
  request,
}) => {
  const { userId, sessionIds } = await userWithHistory(request, [
    { name: "Свежая", messages: [{ user_text: "новое" }] },
    { name: "Старая", messages: [{ user_text: "давнее", ai_text: "ответ" }] },
  ]);
  await openApp(page, { userId });
  await page.getByTestId("card-history").click();
  // Each dialogue is titled after its first message.
  await expect(page.getByTestId("history-session").first()).toContainText("новое");
  await page.getByTestId("history-session").nth(1).click();
  await expect(page).toHaveURL(new RegExp(`#/history/${sessionIds[1]}$`));
  const button = page.getByTestId("history-continue");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.hover();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(button).toContainText("Продолжить в чате");
  await expect(page.locator(".bubble--user", { hasText: "давнее" })).toBeVisible();
  await expect(page.locator(".bubble--ai", { hasText: "ответ" })).toBeVisible();
  // The label's widening transition has run to its end.
  await expect.poll(() => button.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
  await screenshot(page, "history-continue-ru");
  const continued = page.waitForResponse((r) => r.url().endsWith("/api/history/id") && r.request().method() === "POST");
  await button.click();
  expect((await continued).status()).toBe(200);
  // A browser tab has no messenger chat: demo mode opens the demo chat, where the bot says so.
  await expect(page).toHaveURL(/\/demo-chat\?/);
  await expect(page.getByTestId("demo-chat-bot").last()).toContainText("Продолжаем диалог «Старая»", {
    timeout: 20_000,
  });
  await page.getByTestId("demo-chat-back").click();
  await page.getByTestId("card-history").click();
  await expect(page.getByTestId("history-session").first()).toContainText("давнее");
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("continue in chat: the first tap expands the button, the second continues", async ({ page, request }) => {
    const { userId } = await userWithHistory(request, [
      { name: "Касание", messages: [{ user_text: "вопрос", ai_text: "ответ" }] },
    ]);
    await openApp(page, { userId, hash: "/history" });
    await page.getByTestId("history-session").first().click();
    const button = page.getByTestId("history-continue");
    let continueCalls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/history/id") && r.method() === "POST") continueCalls++;
    });
    await button.tap();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(button).toContainText("Продолжить в чате");
    // A tap has no hover: the first one only opened the button.
    expect(continueCalls).toBe(0);
    const continued = page.waitForResponse(
      (r) => r.url().endsWith("/api/history/id") && r.request().method() === "POST",
    );
    await button.tap();
    expect((await continued).status()).toBe(200);
    // One continue for the two taps: a request the first tap sent late would show here.
    expect(continueCalls).toBe(1);
    await expect(page).toHaveURL(/\/demo-chat\?/);
    await expect(page.getByTestId("demo-chat-bot").last()).toContainText("Продолжаем диалог «Касание»", {
      timeout: 20_000,
    });
  });
});

test("a launch from Home refreshes a history list loaded before it", async ({ page }) => {
  await openApp(page, { hash: "/history" });
  await expect(page.getByTestId("history-empty")).toBeVisible();
  await page.evaluate(() => (window.location.hash = "/"));
  await page.getByTestId("card-new-dialog").click();
  const launched = page.waitForResponse(
    (r) => r.url().endsWith("/api/models/session") && r.request().method() === "POST",
  );
  await page.getByTestId("model-picker-text").getByTestId("model-option-gpt-4o-mini").click();
  expect((await launched).status()).toBe(200);
  await page.evaluate(() => (window.location.hash = "/history"));
  await expect(page.getByTestId("history-session")).toHaveCount(1);
  await expect(page.getByTestId("history-session")).toContainText("GPT-4o mini");
});

test("answers carrying XSS payloads render as inert text", async ({ page, request }) => {
  const payloads = [
    "<script>alert('script')</script>",
    "<img src=x onerror=\"alert('img')\">",
    "<svg onload=alert('svg')></svg>",
    "<iframe src=\"javascript:alert('iframe')\"></iframe>",
    "<details open ontoggle=alert('details')>x</details>",
    "<a href=\"javascript:alert('a')\">raw link</a>",
    "[md link](javascript:alert('md'))",
    "[mixed case](JaVaScRiPt:alert('case'))",
    "[data link](data:text/html,<script>alert('data')</script>)",
    "![img](javascript:alert('mdimg'))",
    "<style>body{display:none}</style>",
    "<body onload=alert('body')>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert('mxss')>",
  ];
  const { userId } = await userWithHistory(request, [
    {
      name: "<img src=x onerror=alert('name')>",
      messages: payloads.map((p) => ({ user_text: p, ai_text: `Ответ: ${p}` })),
    },
  ]);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openApp(page, { userId, hash: "/history" });
  // Titled after its first message, shown as text.
  await expect(page.getByTestId("history-session-name").first()).toHaveText("<script>alert('script')</script>");
  await page.getByTestId("history-session").first().click();
  await expect(page.getByText("Ответ: <script>alert('script')</script>", { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(payloads.length);
  await screenshot(page, "history-xss-ru");

  const thread = page.locator(".history-thread-page");
  for (const tag of ["script", "iframe", "svg", "details", "style", "math", "body", "img"]) {
    await expect(thread.locator(tag), tag).toHaveCount(0);
  }
  const injected = await page.evaluate(() =>
    [...document.querySelectorAll("*")].flatMap((el) =>
      [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName}.${a.name}`),
    ),
  );
  expect(injected).toEqual([]);
  const hrefs = await thread.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs.filter((href) => href && !/^(https?|mailto):/i.test(href))).toEqual([]);
  // The dropped links are plain text: clicking them does nothing.
  await page.getByText("md link", { exact: true }).first().click();
  await page.getByText("mixed case", { exact: true }).first().click();
  // An alert blocks the page's script, so a round trip through it comes back only after any dialog.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(dialogs).toEqual([]);
});

test("Home's first load carries neither the virtualised list nor the markdown renderer", async ({ page, request }) => {
  const scripts: Promise<string>[] = [];
  page.on("response", (r) => r.url().endsWith(".js") && scripts.push(r.text()));
  // Strings that survive minification: react-virtuoso's list test id and the markdown pipeline's option name.
  const markers = ["virtuoso-item-list", "allowDangerousHtml"];
  const { userId, sessionIds } = await userWithHistory(request, [
    { name: "Маркеры", messages: [{ user_text: "hi", ai_text: "**hi**" }] },
  ]);
  await openApp(page, { userId });
  await expect(page.getByTestId("card-history")).toBeVisible();
  const home = (await Promise.all(scripts)).join("\n");
  for (const marker of markers) expect(home.includes(marker), marker).toBe(false);
  await page.evaluate((id) => (window.location.hash = `/history/${id}`), sessionIds[0]);
  await expect(rows(page)).toHaveCount(1);
  const all = (await Promise.all(scripts)).join("\n");
  for (const marker of markers) expect(all.includes(marker), marker).toBe(true);
});
