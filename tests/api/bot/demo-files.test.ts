import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botOutbox } from "@/db/schema";
import { startBotHarness, type Harness } from "./harness";

// Demo mode without BOT_TOKEN: no Telegram at all. The demo chat stores an upload and sends file_id
// "demo:<key>"; the demo transport answers getFile with that key, the action reads the bytes from
// storage, and the photo it sends back is recorded for the demo chat.
let h: Harness;
let storage: typeof import("@/lib/server/storage");
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(120, 5)]);

beforeAll(async () => {
  h = await startBotHarness({ BOT_TOKEN: undefined });
  storage = await import("@/lib/server/storage");
});
afterAll(() => h?.close());

describe("bot actions in the demo chat", () => {
  it("edits an uploaded photo named demo:<key>: the model gets its bytes, the result is recorded with its file, history keeps both keys", async () => {
    const u = await h.chatUser({ modelName: "gpt-image-edit", action: "generate_image", quota: { imageTokens: 12 } });
    const { key } = await storage.storeFile({ data: JPEG, contentType: "image/jpeg", prefix: "demo-chat/user" });
    await h.send(u.telegramId, {
      photo: [{ file_id: `demo:${key}`, file_unique_id: "d1", width: 10, height: 10 }],
      caption: "in watercolour",
    });

    expect(h.bot.requests).toBe(0); // nothing reached a Bot API
    expect(h.ai.requests.find((r) => r.path === "/v1/images/edits")!.files[0].size).toBe(JPEG.length);
    const db = await h.getDb();
    const [photo] = await db.select().from(botOutbox).where(eq(botOutbox.method, "sendPhoto"));
    expect(photo).toMatchObject({ chatId: u.telegramId, text: "— image units: 6, left: 6", status: "recorded" });
    const [row] = await h.messagesOf(u.sessionId);
    expect(row.userFileUrl).toBe(key);
    expect((await storage.readStoredFile(photo.fileKey!))!.data).toEqual(
      (await storage.readStoredFile(row.aiFileUrl!))!.data,
    );
  });
});
