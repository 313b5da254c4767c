import { InputFile } from "grammy";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../helpers/api";
import { demoChatUser, useDemoBot } from "./chat-helpers";

// The demo transport, driven through grammY's own Api as the bot drives it: a message formatted with
// entities (no parse_mode) keeps them for the page, and an album (sendMediaGroup) becomes one message
// per item, each with its file and caption.
let api: import("grammy").Api;
let listMessages: any;

beforeAll(async () => {
  useDemoBot();
  const { getDb } = await import("@/db");
  const { telegramApi } = await import("@/lib/server/bot/telegram-api");
  api = telegramApi({ db: await getDb() });
  listMessages = (await import("@/app/api/demo/chat/messages/route")).GET;
});

const list = (token: string) => call(listMessages, "GET", "/api/demo/chat/messages", { token });

describe("the demo chat records formatting given as entities and albums", () => {
  it("a message sent with entities lists them with the text; an edit with new entities replaces them", async () => {
    const { token, telegramId } = await demoChatUser();
    const entities = [
      { type: "bold" as const, offset: 0, length: 4 },
      { type: "text_link" as const, offset: 5, length: 4, url: "https://example.com/" },
      { type: "pre" as const, offset: 10, length: 6, language: "ts" },
    ];
    const sent = await api.sendMessage(telegramId, "Bold link x = 1", { entities });
    await api.sendMessageDraft(telegramId, 3, "Draft bit", { entities: [{ type: "italic", offset: 0, length: 5 }] });
    const listed = await list(token);
    expect(listed.body.items.at(-1)).toMatchObject({ text: "Bold link x = 1", parse_mode: null, entities });
    expect(listed.body.draft).toMatchObject({
      text: "Draft bit",
      entities: [{ type: "italic", offset: 0, length: 5 }],
    });

    await api.editMessageText(telegramId, sent.message_id, "Plain now", {
      entities: [{ type: "code", offset: 6, length: 3 }],
    });
    const edited = (await list(token)).body.items.find((m: any) => m.message_id === sent.message_id);
    expect(edited).toMatchObject({ text: "Plain now", entities: [{ type: "code", offset: 6, length: 3 }] });
    await api.editMessageText(telegramId, sent.message_id, "No formatting");
    expect((await list(token)).body.items.find((m: any) => m.message_id === sent.message_id).entities).toBeUndefined();
  });

  it("sendMediaGroup answers one message per item and each shows with its file, caption and caption entities", async () => {
    const { token, telegramId } = await demoChatUser();
    const { sandboxPng } = await import("@/lib/server/demo/sandbox-media");
    const photos: any[] = await api.sendMediaGroup(telegramId, [
      {
        type: "photo",
        media: new InputFile(sandboxPng("one"), "one.png"),
        caption: "First picture",
        caption_entities: [{ type: "bold", offset: 0, length: 5 }],
      },
      { type: "photo", media: new InputFile(sandboxPng("two"), "two.png") },
    ]);
    const documents: any[] = await api.sendMediaGroup(telegramId, [
      { type: "document", media: new InputFile(Buffer.from("notes"), "notes.txt"), caption: "The notes" },
      { type: "document", media: new InputFile(Buffer.from("more notes"), "more.txt") },
    ]);
    expect(photos).toHaveLength(2);
    expect(new Set(photos.map((m) => m.media_group_id)).size).toBe(1);
    expect(photos[0].media_group_id).not.toBe(documents[0].media_group_id);
    expect(photos[0].photo[0].file_id).toMatch(/^demo:demo-chat\/bot\/.+\.png$/);
    expect(documents[0].document.file_name).toBe("notes.txt");

    const items = (await list(token)).body.items;
    expect(items.map((m: any) => m.message_id)).toEqual([...photos, ...documents].map((m) => m.message_id));
    expect(items).toMatchObject([
      {
        from: "bot",
        text: "First picture",
        entities: [{ type: "bold", offset: 0, length: 5 }],
        file: { kind: "photo", name: "one.png", mime_type: "image/png" },
      },
      { from: "bot", text: "", file: { kind: "photo", name: "two.png" } },
      { from: "bot", text: "The notes", file: { kind: "document", name: "notes.txt" } },
      { from: "bot", text: "", file: { kind: "document", name: "more.txt" } },
    ]);
    expect(items[0].file.url).not.toBe(items[1].file.url);
  });

  it("an album of one, of an unknown kind, or mixing documents with photos is refused as the Bot API refuses it", async () => {
    const { token, telegramId } = await demoChatUser();
    await expect(
      api.sendMediaGroup(telegramId, [{ type: "photo", media: new InputFile(Buffer.from("x"), "x.png") }]),
    ).rejects.toThrow(/wrong number of media/);
    await expect(
      api.raw.sendMediaGroup({
        chat_id: telegramId,
        media: [
          { type: "sticker", media: "demo:x" },
          { type: "photo", media: "demo:y" },
        ],
      } as never),
    ).rejects.toThrow(/wrong media type/);
    const mixed = [
      { type: "photo", media: "demo:x" },
      { type: "document", media: "demo:y" },
    ];
    await expect(api.raw.sendMediaGroup({ chat_id: telegramId, media: mixed } as never)).rejects.toThrow(
      /only with their own kind/,
    );
    expect((await list(token)).body.items).toEqual([]);
  });
});
