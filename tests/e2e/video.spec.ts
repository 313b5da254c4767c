import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { becomeStarter, openApp, screenshot, storedToken } from "./helpers";

const PHOTO = path.resolve("tests/fixtures/photo.jpg");

/** From Home to a cropped picture on gen4_turbo's setup screen. */
async function setUpImageToVideo(page: Page) {
  await page.getByTestId("card-image-to-video").click();
  await expect(page.getByTestId("video-models")).toBeVisible();
  await page.getByTestId("video-model-gen4_turbo").click();
  await expect(page.getByTestId("video-setup")).toBeVisible();
  await page.getByTestId("video-image-input").setInputFiles(PHOTO);
  await expect(page.getByTestId("video-crop")).toBeVisible();
}

/** The caller's video tokens as the server counts them, asked with the page's own session. */
const remainingVideoTokens = async (page: Page) => {
  const token = await storedToken(page);
  return page.evaluate(async (bearer) => {
    const res = await fetch("/api/user/statistic", { headers: { authorization: `Bearer ${bearer}` } });
    return ((await res.json()) as { remaining_quotas: { video_tokens: number } }).remaining_quotas.video_tokens;
  }, token);
};

async function expectClipPlays(page: Page) {
  const player = page.getByTestId("video-result-player");
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

test("image to video on the sandbox: upload, crop, generate, the clip plays, and a reload keeps the result", async ({
  page,
}) => {
  await becomeStarter(page);
  await setUpImageToVideo(page);

  // The preview keeps the landscape default's aspect within 420 px and 60 % of the window height.
  await expect(page.getByTestId("video-format-landscape")).toHaveAttribute("aria-pressed", "true");
  const box = (await page.getByTestId("video-crop").boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(420);
  expect(box.height).toBeLessThanOrEqual(860 * 0.6);
  expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
  await page.getByTestId("video-crop-zoom").fill("1.5");
  await expect(page.getByTestId("video-cost")).toContainText("25");
  await page.getByTestId("video-generate").click();
  await expect(page.getByText("Напишите промпт")).toBeVisible();
  await page.getByTestId("video-prompt").fill("Волны медленно накатывают на берег, камера плавно отъезжает");
  // The hint goes as soon as there is a prompt, before the next press.
  await expect(page.getByText("Напишите промпт")).toHaveCount(0);
  await screenshot(page, "video-setup-ru");
  await page.getByTestId("video-generate").click();
  await expect(page.getByTestId("video-confirm-modal")).toContainText("25");
  await page.getByTestId("video-confirm").click();

  await expect(page).toHaveURL(/#\/video-process$/);
  await expect(page.getByTestId("video-stage-validation")).toHaveAttribute("data-status", /processing|completed/);
  await expect(page.getByTestId("video-stage-generation")).toHaveAttribute("data-status", "processing", {
    timeout: 15_000,
  });
  await screenshot(page, "video-process-running-ru");
  await expect(page.getByTestId("video-result")).toBeVisible({ timeout: 30_000 });
  for (const stage of ["validation", "upload", "generation", "complete"]) {
    await expect(page.getByTestId(`video-stage-${stage}`)).toHaveAttribute("data-status", "completed");
  }
  await expectClipPlays(page);
  await screenshot(page, "video-result-ru");

  // A reload shows the same result and sends nothing.
  const posts: string[] = [];
  page.on("request", (r) => r.method() === "POST" && r.url().includes("/api/video/generate") && posts.push(r.url()));
  await page.reload();
  await expect(page.getByTestId("video-result")).toBeVisible();
  await expectClipPlays(page);
  expect(posts).toHaveLength(0);

  // History holds the clip under the model's name.
  await page.getByTestId("video-open-history").click();
  await expect(page).toHaveURL(/#\/history$/);
  await expect(page.getByText("Runway Gen-4 Turbo").first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("video_processing_state"))).toBeNull();
});

test("a reload during generation never sends the request again: it waits for the same job, one clip, one charge", async ({
  page,
}) => {
  await becomeStarter(page);
  await setUpImageToVideo(page);
  await page.getByTestId("video-prompt").fill("A slow zoom into the centre");
  await page.getByTestId("video-generate").click();
  await page.getByTestId("video-confirm").click();
  // Reload once the request has gone out (the server holds it by its Idempotency-Key).
  const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/api/video/generate"));
  await expect(page.getByTestId("video-stage-generation")).toHaveAttribute("data-status", "processing", {
    timeout: 15_000,
  });
  const first = await sent;
  expect(first.headers()["idempotency-key"]).toBeTruthy();
  // Reload once the server holds the job: its cost (50 − 25) is reserved.
  await expect.poll(() => remainingVideoTokens(page), { timeout: 15_000 }).toBe(25);
  const posts: string[] = [];
  page.on("request", (r) => r.method() === "POST" && r.url().includes("/api/video/generate") && posts.push(r.url()));
  const asked = page.waitForRequest((r) => r.method() === "GET" && r.url().includes("/api/video/jobs/"));
  await page.reload();
  await expect(page.getByTestId("video-stage-generation")).toHaveAttribute("data-status", "processing");
  await expect(page.getByTestId("video-generation-hint")).toHaveText(
    "Запрос уже отправлен: ждём результат, повторно он не отправляется.",
  );
  expect((await asked).url()).toContain(`/api/video/jobs/${first.headers()["idempotency-key"]}`);
  await screenshot(page, "video-process-rejoined-ru");
  await expect(page.getByTestId("video-result")).toBeVisible({ timeout: 30_000 });
  expect(posts).toHaveLength(0);
  await expectClipPlays(page);

  // 50 − 25: the rejoined request was not charged again.
  await page.goto(page.url().replace(/#.*$/, "#/LimitPage"));
  await expect(page.getByTestId("limit-video")).toContainText("25");
});

test("insufficient tokens: a 10-second clip past the balance offers the package store and the tariffs", async ({
  page,
}) => {
  await becomeStarter(page);
  await setUpImageToVideo(page);
  await page.getByTestId("video-prompt").fill("Clouds drift over the hills");
  await page.getByTestId("video-generate").click();
  await page.getByTestId("video-confirm").click();
  await expect(page.getByTestId("video-result")).toBeVisible({ timeout: 30_000 });

  // 25 tokens are left; 10 seconds cost 50.
  await page.getByTestId("video-create-another").click();
  await expect(page.getByTestId("video-setup")).toBeVisible();
  await page.getByTestId("video-image-input").setInputFiles(PHOTO);
  await page.getByTestId("video-duration-10").click();
  await expect(page.getByTestId("video-cost")).toContainText("50");
  await page.getByTestId("video-prompt").fill("Clouds drift over the hills, longer");
  await page.getByTestId("video-generate").click();
  await page.getByTestId("video-confirm").click();
  const modal = page.getByTestId("insufficient-tokens-modal");
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("Недостаточно токенов");
  await expect(page.getByTestId("insufficient-balance")).toContainText("25");
  await expect(page.getByTestId("insufficient-cost")).toContainText("50");
  await screenshot(page, "video-insufficient-ru");
  await page.getByTestId("insufficient-buy").click();
  await expect(page).toHaveURL(/#\/PackStorePage$/);
});

test("a model outside the tariff is disabled with a hint; an image-only action shows only image models", async ({
  page,
}) => {
  await openApp(page, { lang: "en", hash: "/" });
  await page.getByTestId("card-image-to-video").click();
  await expect(page.getByTestId("video-model-gen4_turbo")).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByTestId("video-model-gen4_aleph")).toHaveCount(0);
  // aria-disabled keeps it tappable, so the hint can answer the tap.
  await page.getByTestId("video-model-gen4_turbo").click({ force: true });
  await expect(page.getByText("Opens from Starter")).toBeVisible();
  await expect(page.getByTestId("video-setup")).toHaveCount(0);
  await screenshot(page, "video-models-en");
});

/** Hands the page a file as a drop or a paste would, built from a fixture's bytes. */
async function giveFile(page: Page, how: "drop" | "paste", file: { name: string; type: string; base64: string }) {
  await page.evaluate(
    ({ how, file }) => {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
      if (how === "paste")
        window.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true }));
      else
        document
          .querySelector("[data-testid=video-image-drop]")!
          .dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { how, file },
  );
}

test("setup takes a picture by drop or paste, refuses other files, and groups the formats", async ({ page }) => {
  const userId = await openApp(page);
  await page.goto(`/?demo_user=${userId}&action=image_to_video&modelName=gen4_turbo&modelId=0#/video/setup`);
  await expect(page.getByTestId("video-setup")).toBeVisible();
  for (const group of ["Горизонтальные", "Вертикальные", "Квадратные"])
    await expect(page.getByTestId("video-formats")).toContainText(group);
  await expect(page.getByTestId("video-format-landscape")).toHaveAttribute("aria-pressed", "true");

  const fs = await import("node:fs");
  const jpeg = fs.readFileSync(PHOTO).toString("base64");
  await giveFile(page, "drop", {
    name: "notes.txt",
    type: "text/plain",
    base64: Buffer.from("hello").toString("base64"),
  });
  await expect(page.getByTestId("video-image-refused")).toHaveText(
    "Можно использовать только изображения PNG, JPG, JPEG и WebP",
  );
  await giveFile(page, "drop", {
    name: "anim.gif",
    type: "image/gif",
    base64: Buffer.from("GIF89a").toString("base64"),
  });
  await expect(page.getByTestId("video-image-refused")).toBeVisible();

  await giveFile(page, "drop", { name: "photo.jpg", type: "image/jpeg", base64: jpeg });
  await expect(page.getByTestId("video-crop")).toBeVisible();
  // A portrait format re-frames the crop at 9:16, still within 60 % of the window height.
  await page.getByTestId("video-format-portrait").click();
  const box = (await page.getByTestId("video-crop").boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(9 / 16, 1);
  expect(box.height).toBeLessThanOrEqual(860 * 0.6 + 1);
  await page.getByRole("button", { name: "Выбрать другую картинку" }).click();
  await giveFile(page, "paste", { name: "photo.jpg", type: "image/jpeg", base64: jpeg });
  await expect(page.getByTestId("video-crop")).toBeVisible();
  await page.getByTestId("video-help").locator("summary").click();
  await expect(page.getByTestId("video-help")).toContainText("Опишите одну сцену");
  await screenshot(page, "video-setup-portrait-ru");
});

test("a failed generation shows the processing-error block; going back clears the state", async ({ page }) => {
  const userId = await openApp(page);
  // The provider's refusal as the server answers it, and a balance that lets the request go out.
  await page.route("**/api/video/check-model-cost/**", (route) =>
    route.fulfill({ json: { can_afford: true, user_video_balance: 100, estimated_cost: 25 } }),
  );
  await page.route("**/api/video/generate", (route) =>
    route.fulfill({
      status: 502,
      json: {
        error: { code: "bad_gateway", message: "The video model could not generate this video. Nothing was charged." },
      },
    }),
  );
  await page.goto(`/?demo_user=${userId}&action=image_to_video&modelName=gen4_turbo&modelId=0#/video/setup`);
  await page.getByTestId("video-image-input").setInputFiles(PHOTO);
  await page.getByTestId("video-prompt").fill("A boat sails away");
  await page.getByTestId("video-generate").click();
  await page.getByTestId("video-confirm").click();
  const block = page.getByTestId("video-process-error");
  await expect(block).toBeVisible({ timeout: 20_000 });
  await expect(block).toContainText("Ошибка обработки");
  await expect(block).toContainText("Токены не списаны");
  await expect(page.getByTestId("video-stage-generation")).toHaveAttribute("data-status", "error");
  await page.reload();
  await expect(page.getByTestId("video-process-error")).toBeVisible();
  await screenshot(page, "video-error-ru");
  await page.getByTestId("video-error-back").click();
  await expect(page).toHaveURL(/#\/video$/);
  expect(await page.evaluate(() => localStorage.getItem("video_processing_state"))).toBeNull();
});

test("a reload before the request is sent brings the form back instead of 'Invalid input data'", async ({ page }) => {
  await becomeStarter(page);
  await setUpImageToVideo(page);
  await page.getByTestId("video-prompt").fill("Leaves fall slowly");
  await page.getByTestId("video-duration-10").click();
  await page.getByTestId("video-generate").click();
  await page.getByTestId("video-confirm").click();
  await expect(page).toHaveURL(/#\/video-process$/);
  const posts: string[] = [];
  page.on("request", (r) => r.method() === "POST" && r.url().includes("/api/video/generate") && posts.push(r.url()));
  // Validation still runs: nothing has been sent.
  await expect(page.getByTestId("video-stage-validation")).toHaveAttribute("data-status", "processing");
  await page.reload();
  await expect(page.getByTestId("video-setup")).toBeVisible();
  await expect(page.getByTestId("video-form-recovered")).toContainText("добавьте файл ещё раз");
  await expect(page.getByTestId("video-prompt")).toHaveValue("Leaves fall slowly");
  await expect(page.getByTestId("video-duration-10")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Неверные входные данные")).toHaveCount(0);
  expect(posts).toHaveLength(0);
  await screenshot(page, "video-setup-recovered-ru");
});

test("text to video never shows an image upload; a lost request's timeout says nothing was charged", async ({
  page,
}) => {
  const userId = await openApp(page, { lang: "en" });
  await page.route("**/api/video/check-model-cost/**", (route) =>
    route.fulfill({ json: { can_afford: true, user_video_balance: 100, estimated_cost: 40 } }),
  );
  // The connection gives up as the client's own timeout would; the server then knows the job as failed.
  await page.route("**/api/video/generate", (route) => route.abort("timedout"));
  await page.route("**/api/video/jobs/**", (route) =>
    route.fulfill({ json: { status: "failed", message: "The video took too long to generate. Nothing was charged." } }),
  );
  await page.goto(`/?demo_user=${userId}&demo_lang=en&action=text_to_video&modelName=veo-3&modelId=0#/video/setup`);
  await page.getByTestId("video-prompt").fill("A lighthouse in a storm");
  await page.getByTestId("video-generate").click();
  await page.getByTestId("video-confirm").click();
  await expect(page).toHaveURL(/#\/video-process$/);
  await expect(page.getByTestId("video-stage-upload")).toContainText("Sending the request");
  const block = page.getByTestId("video-process-error");
  await expect(block).toBeVisible({ timeout: 20_000 });
  await expect(block).toContainText("Nothing was charged");
  await expect(page.getByTestId("video-process")).not.toContainText("Uploading image");
  await screenshot(page, "video-timeout-en");
});

test("a deep link with the route's query after the hash opens that screen, not Home", async ({ page }) => {
  // Written the way people and other apps write it: /#/video?action=…
  await openApp(page, { hash: "/video?action=image_to_video" });
  await expect(page.getByTestId("video-models")).toBeVisible();
  await expect(page.getByTestId("video-model-gen4_turbo")).toBeVisible();
  expect(new URL(page.url()).hash).toBe("#/video");
});
