import { Api } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MB, startBotHarness, type Harness } from "./harness";

// Files users send: getFile, then the download URL; refused past Telegram's 20 MB; the demo chat's
// uploads ("demo:<storage key>") read back from storage instead of downloaded.
let h: Harness;
let files: typeof import("@/lib/server/bot/telegram-files");
let storage: typeof import("@/lib/server/storage");
let api: Api;

beforeAll(async () => {
  h = await startBotHarness();
  files = await import("@/lib/server/bot/telegram-files");
  storage = await import("@/lib/server/storage");
  api = new Api(process.env.BOT_TOKEN!, { apiRoot: h.bot.url });
});
afterAll(() => h?.close());

describe("downloadTelegramFile", () => {
  it("asks getFile for the path and downloads {BOT_API_BASE_URL}/file/bot<token>/<file_path>", async () => {
    const data = Buffer.from("voice bytes");
    const { file_id } = h.bot.addFile(data, { path: "voice/file_9.oga" });
    const file = await files.downloadTelegramFile({ api, fileId: file_id, size: data.length });
    expect(file).toEqual({ data, filePath: "voice/file_9.oga" });
    expect(h.bot.downloads.at(-1)).toBe("voice/file_9.oga");
  });

  it("refuses a file the message says is over 20 MB before getFile", async () => {
    const { file_id } = h.bot.addFile(Buffer.from("x"), { declaredSize: 20 * MB + 1 });
    await expect(files.downloadTelegramFile({ api, fileId: file_id, size: 20 * MB + 1 })).rejects.toBeInstanceOf(
      files.FileTooLargeError,
    );
    expect(h.bot.calls.filter((c) => c.method === "getFile" && c.body.file_id === file_id)).toHaveLength(0);
  });

  it("a file of unknown size that getFile refuses as too big is a FileTooLargeError, nothing downloaded", async () => {
    const { file_id } = h.bot.addFile(Buffer.from("x"), { path: "documents/huge.pdf", declaredSize: 25 * MB });
    const error = await files.downloadTelegramFile({ api, fileId: file_id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(files.FileTooLargeError);
    expect(h.bot.calls.filter((c) => c.method === "getFile" && c.body.file_id === file_id)).toHaveLength(1);
    expect(h.bot.downloads).not.toContain("documents/huge.pdf");
  });

  it("in demo mode reads a demo chat upload (file_id demo:<key>) from storage, and history reuses its key", async () => {
    const data = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(64, 9)]);
    const { key } = await storage.storeFile({ data, contentType: "audio/ogg", prefix: "demo-chat" });
    // The demo transport answers getFile for such ids with file_path = the key; the fake plays it here.
    h.bot.addFile(Buffer.alloc(0), { fileId: `demo:${key}`, path: key });
    const downloads = h.bot.downloads.length;
    expect(await files.downloadTelegramFile({ api, fileId: `demo:${key}` })).toEqual({
      data,
      filePath: key,
      storedKey: key,
    });
    expect(h.bot.downloads).toHaveLength(downloads);

    const u = await h.chatUser({ modelName: "whisper", action: "speech_to_text", quota: { audioTokens: 66 } });
    await h.send(u.telegramId, {
      voice: { file_id: `demo:${key}`, file_unique_id: "demo-1", duration: 4, mime_type: "audio/ogg" },
    });
    expect(h.ai.requests.find((r) => r.path === "/v1/audio/transcriptions")!.files[0].size).toBe(data.length);
    expect((await h.messagesOf(u.sessionId))[0].userFileUrl).toBe(key);
  });
});
