import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { botUpdates, dialogMessages } from "@/db/schema";
import { call } from "../../helpers/api";
import { drainUpdates } from "../../helpers/bot";
import { demoChatUser, useDemoBot } from "./chat-helpers";

let sendUpdate: any;
let listMessages: any;
let getDb: () => Promise<any>;

beforeAll(async () => {
  useDemoBot();
  getDb = (await import("@/db")).getDb;
  sendUpdate = (await import("@/app/api/demo/chat/updates/route")).POST;
  listMessages = (await import("@/app/api/demo/chat/messages/route")).GET;
});

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../../fixtures", name));

function form(fields: Record<string, string>, file?: { data: Buffer; name: string; type?: string }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (file)
    body.set(
      "file",
      new Blob([new Uint8Array(file.data)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  return body;
}

const storedUpdates = async (telegramId: number) =>
  (await getDb()).select().from(botUpdates).where(eq(botUpdates.chatId, telegramId));

describe("POST /api/demo/chat/updates", () => {
  it("answers 401 without a bearer token", async () => {
    expect((await call(sendUpdate, "POST", "/api/demo/chat/updates", { body: { text: "hi" } })).status).toBe(401);
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const { token, telegramId } = await demoChatUser();
    for (const body of [
      {},
      { text: "" },
      { text: "   " },
      { text: "x".repeat(4097) },
      { text: "hi", extra: 1 },
      { text: 5 },
      { callback_data: "a", message_id: -1 },
    ]) {
      const res = await call(sendUpdate, "POST", "/api/demo/chat/updates", { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const badKind = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token,
      rawBody: form({ kind: "sticker" }, { data: fixture("photo.png"), name: "a.png" }),
    });
    expect(badKind.status).toBe(400);
    const noFile = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token,
      rawBody: form({ kind: "document" }),
    });
    expect(noFile.status).toBe(400);
    expect(await storedUpdates(telegramId)).toEqual([]);
  });

  it("refuses a photo that is not an image by its bytes (415) and a press of a message that is not in the chat (404)", async () => {
    const { token, telegramId } = await demoChatUser();
    const fake = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token,
      rawBody: form(
        { kind: "photo" },
        { data: Buffer.from("<script>alert(1)</script>"), name: "cat.jpg", type: "image/jpeg" },
      ),
    });
    expect(fake.status).toBe(415);
    const press = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token,
      body: { callback_data: "retry", message_id: 987654 },
    });
    expect(press.status).toBe(404);
    expect(await storedUpdates(telegramId)).toEqual([]);
  });

  it("a text is stored as a Telegram update from the caller, handled by the worker, and answered by the sandbox model", async () => {
    const { token, telegramId, sessionId } = await demoChatUser();
    const res = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token,
      body: { text: "What is a **list**?" },
    });
    expect(res.status).toBe(200);
    const [stored] = await storedUpdates(telegramId);
    expect(stored.updateId).toBe(res.body.update_id);
    expect(stored.payload).toMatchObject({
      update_id: res.body.update_id,
      message: {
        chat: { id: telegramId, type: "private" },
        from: { id: telegramId, is_bot: false, first_name: "Dana" },
        text: "What is a **list**?",
      },
    });
    expect(stored.status).toBe("pending");

    await drainUpdates();
    expect((await storedUpdates(telegramId))[0].status).toBe("done");
    const db = await getDb();
    const [turn] = await db.select().from(dialogMessages).where(eq(dialogMessages.sessionId, sessionId));
    expect(turn.userText).toBe("What is a **list**?");
    expect(turn.aiText).toContain("Demo answer");

    const list = await call(listMessages, "GET", "/api/demo/chat/messages", { token });
    expect(list.status).toBe(200);
    const [question, ...answers] = list.body.items;
    expect(question).toMatchObject({ from: "user", text: "What is a **list**?" });
    const answer = answers.find((m: any) => m.text.includes("Demo answer"));
    expect(answer).toMatchObject({ from: "bot", parse_mode: "MarkdownV2" });
    expect(list.body.waiting).toBe(false);
  });

  it("a photo is stored through storage and sent as a photo with a demo file id that getFile resolves to its storage key", async () => {
    const { token, telegramId } = await demoChatUser();
    const res = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token,
      rawBody: form(
        { kind: "photo", caption: "what is it?" },
        { data: fixture("photo.png"), name: "photo.png", type: "image/png" },
      ),
    });
    expect(res.status).toBe(200);
    const [stored] = await storedUpdates(telegramId);
    const message = stored.payload.message as any;
    expect(message.caption).toBe("what is it?");
    const size = message.photo[0];
    expect(size.file_id).toMatch(/^demo:demo-chat\/user\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);

    // The contract with the bot's file actions: getFile answers the storage key as file_path.
    const { recordDemoCall } = await import("@/lib/server/demo/bot-transport");
    const file = await recordDemoCall({ db: await getDb(), method: "getFile", payload: { file_id: size.file_id } });
    expect(file).toMatchObject({
      ok: true,
      result: { file_id: size.file_id, file_path: size.file_id.slice("demo:".length) },
    });
    const { readStoredFile } = await import("@/lib/server/storage");
    expect((await readStoredFile((file.result as any).file_path))!.data.equals(fixture("photo.png"))).toBe(true);

    await drainUpdates();
    const list = await call(listMessages, "GET", "/api/demo/chat/messages", { token });
    const [photo, reply] = list.body.items;
    expect(photo).toMatchObject({ from: "user", text: "what is it?", file: { kind: "photo" } });
    expect(photo.file.url).toMatch(/^\/api\/files\/demo-chat\/user\/.+\?exp=\d+&sig=/);
    expect(reply?.from).toBe("bot");
  });

  it("a text document keeps its name and is sniffed as text; a voice recording is sent as a voice message", async () => {
    const { token, telegramId } = await demoChatUser();
    const doc = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token,
      rawBody: form(
        { kind: "document" },
        { data: Buffer.from("def main():\n    return 42\n"), name: "C:\\work\\main.py" },
      ),
    });
    expect(doc.status).toBe(200);
    const wav = (await import("@/lib/server/demo/sandbox-media")).sandboxWav("hello");
    const voice = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token,
      rawBody: form({ kind: "voice", duration: "2" }, { data: wav, name: "voice.wav" }),
    });
    expect(voice.status).toBe(200);
    const [first, second] = (await storedUpdates(telegramId)).sort((a: any, b: any) => a.updateId - b.updateId);
    expect((first.payload.message as any).document).toMatchObject({ file_name: "main.py", mime_type: "text/plain" });
    expect((second.payload.message as any).voice).toMatchObject({ duration: 2, mime_type: "audio/wav" });
    expect(second.updateId).toBeGreaterThan(first.updateId);
  });

  it("Stop under a streaming draft is answered at once, as the webhook does, and never queued behind the turn", async () => {
    const { token, telegramId } = await demoChatUser();
    const res = await call(sendUpdate, "POST", "/api/demo/chat/updates", { token, body: { stop_draft_id: 424242 } });
    expect(res.status).toBe(200);
    expect(await storedUpdates(telegramId)).toEqual([]);
    expect(
      (await call(sendUpdate, "POST", "/api/demo/chat/updates", { token, body: { stop_draft_id: 1.5 } })).status,
    ).toBe(400);
  });

  it("a press of an inline button is stored as a callback_query naming the bot's message", async () => {
    const { token, telegramId } = await demoChatUser();
    const { recordDemoCall } = await import("@/lib/server/demo/bot-transport");
    const sent = (await recordDemoCall({
      db: await getDb(),
      method: "sendMessage",
      payload: {
        chat_id: telegramId,
        text: "Failed. Nothing was charged.",
        reply_markup: { inline_keyboard: [[{ text: "Retry", callback_data: "retry:1" }]] },
      },
    })) as any;
    const res = await call(sendUpdate, "POST", "/api/demo/chat/updates", {
      token,
      body: { callback_data: "retry:1", message_id: sent.result.message_id },
    });
    expect(res.status).toBe(200);
    const [stored] = await storedUpdates(telegramId);
    expect(stored.payload.callback_query).toMatchObject({
      id: String(res.body.update_id),
      data: "retry:1",
      from: { id: telegramId },
      message: { message_id: sent.result.message_id, text: "Failed. Nothing was charged.", chat: { id: telegramId } },
    });
    await drainUpdates();
    expect((await storedUpdates(telegramId))[0].status).toBe("done");
  });
});
