import { InputFile } from "grammy";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../helpers/api";
import { drainUpdates } from "../../helpers/bot";
import { demoChatUser, useDemoBot } from "./chat-helpers";

let sendUpdate: any;
let listMessages: any;
let serveFile: any;
let record: (method: string, payload: Record<string, unknown>) => Promise<any>;
let backdate: (messageId: number, seconds: number) => Promise<void>;

beforeAll(async () => {
  useDemoBot();
  const { getDb } = await import("@/db");
  const { recordDemoCall } = await import("@/lib/server/demo/bot-transport");
  const { botOutbox } = await import("@/db/schema");
  const { eq, sql } = await import("drizzle-orm");
  record = async (method, payload) => recordDemoCall({ db: await getDb(), method, payload });
  // Moves a recorded call into the past instead of waiting for it to age.
  backdate = async (messageId, seconds) => {
    await (
      await getDb()
    )
      .update(botOutbox)
      .set({ updatedAt: sql`${botOutbox.updatedAt} - make_interval(secs => ${seconds})` })
      .where(eq(botOutbox.id, messageId));
  };
  sendUpdate = (await import("@/app/api/demo/chat/updates/route")).POST;
  listMessages = (await import("@/app/api/demo/chat/messages/route")).GET;
  serveFile = (await import("@/app/api/files/[...key]/route")).GET;
});

const list = (token: string, after?: string) =>
  call(listMessages, "GET", "/api/demo/chat/messages", { token, query: after ? { after } : {} });

describe("GET /api/demo/chat/messages", () => {
  it("shows only the caller's chat", async () => {
    const a = await demoChatUser();
    const b = await demoChatUser();
    await call(sendUpdate, "POST", "/api/demo/chat/updates", { token: a.token, body: { text: "from A" } });
    await record("sendMessage", { chat_id: a.telegramId, text: "to A" });
    await record("sendMessage", { chat_id: b.telegramId, text: "to B" });
    const mine = await list(a.token);
    expect(mine.body.items.map((m: any) => m.text)).toEqual(["from A", "to A"]);
    expect(mine.body.waiting).toBe(true);
    const theirs = await list(b.token);
    expect(theirs.body.items.map((m: any) => m.text)).toEqual(["to B"]);
    // B cannot press a button under A's message either.
    const aMessage = mine.body.items[1];
    const press = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token: b.token,
      body: { callback_data: "x", message_id: aMessage.message_id },
    });
    expect(press.status).toBe(404);
  });

  it("refuses a malformed cursor with 400", async () => {
    const { token } = await demoChatUser();
    for (const after of ["abc", "-1", "1".repeat(21)]) expect((await list(token, after)).status).toBe(400);
  });

  it("with ?after= answers what was added or edited since, so a streamed answer's edits arrive", async () => {
    const { token, telegramId } = await demoChatUser();
    const first = await record("sendMessage", { chat_id: telegramId, text: "…" });
    await backdate(first.result.message_id, 2.1);
    await record("sendMessage", { chat_id: telegramId, text: "later" });
    const initial = await list(token);
    expect(initial.body.items.map((m: any) => m.text)).toEqual(["…", "later"]);
    // A poll looks 2 s back (writes that committed late); nothing older is repeated.
    expect((await list(token, initial.body.cursor)).body.items.map((m: any) => m.text)).toEqual(["later"]);
    await record("editMessageText", {
      chat_id: telegramId,
      message_id: first.result.message_id,
      text: "*bold* answer",
      parse_mode: "MarkdownV2",
    });
    await record("sendMessage", {
      chat_id: telegramId,
      text: "second",
      reply_markup: {
        inline_keyboard: [
          [
            { text: "Open", web_app: { url: "http://localhost:3000/#/tariffs" } },
            { text: "Retry", callback_data: "r" },
          ],
        ],
      },
    });
    const changes = await list(token, initial.body.cursor);
    expect(changes.body.items).toMatchObject([
      { id: `b${first.result.message_id}`, text: "*bold* answer", parse_mode: "MarkdownV2", buttons: [] },
      { text: "later" },
      {
        text: "second",
        buttons: [
          [
            { text: "Open", url: "http://localhost:3000/#/tariffs", web_app: true },
            { text: "Retry", callback_data: "r" },
          ],
        ],
      },
    ]);
    expect(BigInt(changes.body.cursor)).toBeGreaterThan(BigInt(initial.body.cursor));
    await record("deleteMessage", { chat_id: telegramId, message_id: first.result.message_id });
    const deleted = await list(token, changes.body.cursor);
    expect(deleted.body.items.find((m: any) => m.id === `b${first.result.message_id}`)).toMatchObject({
      deleted: true,
    });
  });

  it("shows the bot's files with signed links, its draft preview until a message replaces it, and callback notices", async () => {
    const { token, telegramId } = await demoChatUser();
    const { sandboxPng } = await import("@/lib/server/demo/sandbox-media");
    const png = sandboxPng("cat");
    const photo = await record("sendPhoto", {
      chat_id: telegramId,
      photo: new InputFile(png, "cat.png"),
      caption: "A cat",
    });
    expect(photo.result.photo[0].file_id).toMatch(/^demo:demo-chat\/bot\/.+\.png$/);
    await record("sendDocument", {
      chat_id: telegramId,
      document: new InputFile(Buffer.from("plain notes"), "notes.txt"),
    });
    // A file the bot already has (a demo id) is referenced, not copied.
    await record("sendAudio", { chat_id: telegramId, audio: photo.result.photo[0].file_id });
    await record("sendChatAction", { chat_id: telegramId, action: "typing" });
    await record("sendMessageDraft", { chat_id: telegramId, draft_id: 7, text: "" });
    await record("sendMessageDraft", { chat_id: telegramId, draft_id: 7, text: "Partial answ", can_stop: true });
    const withDraft = await list(token);
    expect(withDraft.body.draft).toEqual({ text: "Partial answ", parse_mode: null, draft_id: 7, can_stop: true });
    const [sentPhoto, doc, audio] = withDraft.body.items;
    expect(sentPhoto).toMatchObject({
      from: "bot",
      text: "A cat",
      file: { kind: "photo", name: "cat.png", mime_type: "image/png" },
    });
    expect(doc).toMatchObject({ file: { kind: "document", name: "notes.txt" } });
    expect(audio.file.url.split("?")[0]).toBe(sentPhoto.file.url.split("?")[0]);
    const key = sentPhoto.file.url.split("?")[0].slice("/api/files/".length);
    const [path, query] = sentPhoto.file.url.split("?");
    const served = await call(serveFile, "GET", `${path}?${query}`, { params: { key } });
    expect(served.status).toBe(200);

    await record("sendMessage", { chat_id: telegramId, text: "Full answer" });
    const after = await list(token);
    expect(after.body.draft).toBeNull();
    expect(after.body.items.at(-1).text).toBe("Full answer");

    const press = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token,
      body: { callback_data: "stop", message_id: after.body.items.at(-1).message_id },
    });
    await record("answerCallbackQuery", { callback_query_id: String(press.body.update_id), text: "Stopped" });
    expect((await list(token)).body.items.at(-1)).toMatchObject({ text: "Stopped", notice: true });
  });

  it("edits and deletes reach only the bot's own messages of that chat, as Telegram refuses others", async () => {
    const a = await demoChatUser();
    const b = await demoChatUser();
    const sent = await record("sendMessage", { chat_id: a.telegramId, text: "mine" });
    expect(
      await record("editMessageText", { chat_id: b.telegramId, message_id: sent.result.message_id, text: "hijack" }),
    ).toMatchObject({ ok: false, error_code: 400 });
    expect(await record("deleteMessage", { chat_id: b.telegramId, message_id: sent.result.message_id })).toMatchObject({
      ok: false,
    });
    expect(await record("sendMessage", { chat_id: a.telegramId, text: "" })).toMatchObject({
      ok: false,
      error_code: 400,
    });
    expect(await record("getFile", { file_id: "AgACAgIAAxkBAAI" })).toMatchObject({ ok: false, error_code: 400 });
    expect((await list(a.token)).body.items.map((m: any) => m.text)).toEqual(["mine"]);
  });

  it("the launch notice the app queues shows in the chat once the outbox records it", async () => {
    const { token, userId, telegramId } = await demoChatUser();
    const { getDb } = await import("@/db");
    const { queueBotMessage, deliverOutbox } = await import("@/lib/server/bot/outbox");
    const db = await getDb();
    await queueBotMessage({ db, userId, chatId: telegramId, text: "You are now talking to GPT-4o mini." });
    await deliverOutbox({ db, client: null });
    await drainUpdates();
    expect((await list(token)).body.items).toMatchObject([
      { from: "bot", text: "You are now talking to GPT-4o mini." },
    ]);
  });
});
