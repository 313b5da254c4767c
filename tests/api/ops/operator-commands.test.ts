import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeBotApi, type FakeBotApi } from "../../fakes/telegram-bot-api";

const run = promisify(execFile);
// Only what each command is given: nothing of the test process's own settings leaks in.
const onlyEnv = (vars: Record<string, string>) =>
  ({ PATH: process.env.PATH ?? "", ...vars }) as unknown as NodeJS.ProcessEnv;
const TOKEN = "123456:operator-test-token";
let fake: FakeBotApi;

beforeAll(async () => {
  fake = await startFakeBotApi({ token: TOKEN });
});
afterAll(async () => {
  await fake?.close();
});

const botWebhook = (env: Record<string, string>, args: string[] = []) =>
  run(process.execPath, ["scripts/bot-webhook.mjs", ...args], { env: onlyEnv({ BOT_API_BASE_URL: fake.url, ...env }) });

describe("npm run bot:webhook", () => {
  it("registers the webhook with its secret and allowed updates, and sets the menu button to the mini-app", async () => {
    const { stdout } = await botWebhook({
      BOT_TOKEN: TOKEN,
      PUBLIC_URL: "https://app.example.com",
      TELEGRAM_WEBHOOK_SECRET: "s3cret-s3cret",
    });
    expect(stdout).toContain("Webhook set: https://app.example.com/api/telegram/webhook");
    const set = fake.calls.find((c) => c.method === "setWebhook")!.body as Record<string, unknown>;
    expect(set).toMatchObject({ url: "https://app.example.com/api/telegram/webhook", secret_token: "s3cret-s3cret" });
    expect(set.allowed_updates).toEqual(
      expect.arrayContaining(["message", "pre_checkout_query", "callback_query", "stopped_message_generation"]),
    );
    const menu = fake.calls.find((c) => c.method === "setChatMenuButton")!.body as Record<string, any>;
    expect(menu.menu_button).toMatchObject({ type: "web_app", web_app: { url: "https://app.example.com" } });
    const commands = fake.calls.filter((c) => c.method === "setMyCommands").map((c) => c.body);
    expect(commands).toEqual([
      {
        commands: [
          { command: "model", description: "Сменить модель диалога" },
          { command: "new", description: "Начать новый диалог с той же моделью" },
          { command: "voice", description: "Голосовые ответы: включить или выключить" },
          { command: "promo", description: "Применить промокод: /promo КОД" },
        ],
      },
      {
        commands: [
          { command: "model", description: "Change the dialogue's model" },
          { command: "new", description: "Start a new dialogue with the same model" },
          { command: "voice", description: "Spoken answers on or off" },
          { command: "promo", description: "Redeem a promo code: /promo CODE" },
        ],
        language_code: "en",
      },
    ]);
  });

  it("--delete removes the webhook", async () => {
    const { stdout } = await botWebhook({ BOT_TOKEN: TOKEN }, ["--delete"]);
    expect(stdout).toContain("Webhook deleted");
    expect(fake.calls.some((c) => c.method === "deleteWebhook")).toBe(true);
  });

  it("fails clearly without the settings it needs", async () => {
    await expect(botWebhook({ BOT_TOKEN: TOKEN, PUBLIC_URL: "https://app.example.com" })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("TELEGRAM_WEBHOOK_SECRET"),
    });
  });
});

describe("npm run db:migrate", () => {
  it("fails clearly without DATABASE_URL", async () => {
    await expect(run(process.execPath, ["scripts/db-migrate.mjs"], { env: onlyEnv({}) })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("DATABASE_URL"),
    });
  });

  it.runIf(Boolean(process.env.BASE_DATABASE_URL))(
    "applies the migrations to a database and says how many there are",
    async () => {
      const { stdout } = await run(process.execPath, ["scripts/db-migrate.mjs"], {
        env: onlyEnv({ DATABASE_URL: process.env.DATABASE_URL! }),
      });
      expect(stdout).toMatch(/Migrations applied: \d+/);
    },
  );
});
