import { describe, expect, it } from "vitest";
import { MB, botHarnessForFile } from "./harness";

// Image actions in the bot chat: text_to_image (DALL·E 3) draws from text, generate_image (GPT Image
// Edit) changes the user's photo by its caption; one image unit each, the result sent as a photo.
const h = botHarnessForFile();
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);

const photoMessage = (file: { file_id: string; file_unique_id: string; file_size: number }, caption?: string) => ({
  photo: [
    { ...file, file_id: `${file.file_id}-thumb`, width: 90, height: 90, file_size: 100 },
    { ...file, width: 1280, height: 960 },
  ],
  ...(caption ? { caption } : {}),
});

describe("text_to_image in the bot chat", () => {
  it("draws the user's text with the session's model, sends a photo, spends one image and keeps the result in history", async () => {
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 18 } });
    await h.send(u.telegramId, { text: "a red fox in the snow" });

    const request = h.ai.requests.find((r) => r.path === "/v1/images/generations")!;
    expect(request.body).toMatchObject({
      model: "dall-e-3",
      prompt: "a red fox in the snow",
      n: 1,
      response_format: "b64_json",
    });
    const [photo] = h.mediaIn(u.telegramId);
    expect(photo).toMatchObject({
      method: "sendPhoto",
      field: "photo",
      filename: "image.png",
      caption: "— image units: 6, left: 12",
    });
    expect(photo.data.subarray(0, 4)).toEqual(PNG_SIGNATURE);
    expect(h.callsIn(u.telegramId, "sendChatAction").map((c) => c.body.action)).toContain("upload_photo");
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(12);

    const [row] = await h.messagesOf(u.sessionId);
    expect(row).toMatchObject({ userText: "a red fox in the snow", userFileUrl: null, aiText: null });
    expect(row.aiFileUrl).toMatch(/^bot\/out\/\d{4}\/\d{2}\/[\w-]+\.png$/);
    expect((await h.readStoredFile(row.aiFileUrl!))!.data).toEqual(photo.data);
  });

  it("a picture Telegram refuses as a photo arrives as a file, still paid once and kept in history", async () => {
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 12 } });
    h.bot.refusePhotos = true;
    await h.send(u.telegramId, { text: "a very wide panorama" });
    const [sent] = h.mediaIn(u.telegramId);
    expect(sent).toMatchObject({
      method: "sendDocument",
      field: "document",
      filename: "image.png",
      caption: "— image units: 6, left: 6",
    });
    expect(sent.data.subarray(0, 4)).toEqual(PNG_SIGNATURE);
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(6);
    expect((await h.messagesOf(u.sessionId))[0].aiFileUrl).toMatch(/\.png$/);
  });

  it("an image assistant's instructions lead the prompt", async () => {
    const u = await h.chatUser({
      modelName: "dall-e-3",
      action: "text_to_image",
      assistant: "logo",
      quota: { imageTokens: 6 },
    });
    await h.send(u.telegramId, { text: "a coffee shop called Bean" });
    expect(h.ai.requests[0].body.prompt).toBe("minimalist vector logo. a coffee shop called Bean");
    expect((await h.messagesOf(u.sessionId))[0].userText).toBe("a coffee shop called Bean");
  });

  it("an exhausted image quota gets the insufficient-quota message with the tariffs button and no model call", async () => {
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 0 } });
    await h.send(u.telegramId, { text: "a cat" });
    expect(h.ai.requests).toHaveLength(0);
    const last = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(last.body.text).toContain("used up");
    expect(JSON.stringify(last.body.reply_markup)).toContain('/#/tariff"');
    expect(h.mediaIn(u.telegramId)).toHaveLength(0);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(0);
  });

  it.each(["fail500", "hang"] as const)("a provider %s apologises, spends nothing and stores nothing", async (mode) => {
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 18 } });
    h.ai.mode = mode;
    await h.send(u.telegramId, { text: "a dog" });
    expect(h.ai.requests.filter((r) => r.path === "/v1/images/generations")).toHaveLength(1);
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Nothing was charged");
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(18);
    expect(h.mediaIn(u.telegramId)).toHaveLength(0);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(0);
  });
});

describe("generate_image (edit the user's photo) in the bot chat", () => {
  it("fetches the largest photo with getFile, sends it to the edits endpoint with the caption, answers with a photo and keeps both files", async () => {
    const u = await h.chatUser({ modelName: "gpt-image-edit", action: "generate_image", quota: { imageTokens: 12 } });
    const file = h.bot.addFile(JPEG, { path: "photos/file_10.jpg" });
    await h.send(u.telegramId, photoMessage(file, "make it black and white"));

    expect(h.bot.calls.filter((c) => c.method === "getFile").map((c) => c.body.file_id)).toContain(file.file_id);
    expect(h.bot.downloads).toContain("photos/file_10.jpg");
    const edit = h.ai.requests.find((r) => r.path === "/v1/images/edits")!;
    expect(edit.body).toMatchObject({ model: "gpt-image-1", prompt: "make it black and white" });
    expect(edit.files).toEqual([expect.objectContaining({ field: "image", filename: "photo.jpg", size: JPEG.length })]);
    const [photo] = h.mediaIn(u.telegramId);
    expect(photo).toMatchObject({ method: "sendPhoto", caption: "— image units: 6, left: 6" });
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(6);

    const [row] = await h.messagesOf(u.sessionId);
    expect(row.userText).toBe("make it black and white");
    expect(row.userFileUrl).toMatch(/^bot\/in\/.+\.jpg$/);
    expect((await h.readStoredFile(row.userFileUrl!))!.data).toEqual(JPEG);
    expect((await h.readStoredFile(row.aiFileUrl!))!.data).toEqual(photo.data);
  });

  it("history signs the stored file URLs", async () => {
    const u = await h.chatUser({ modelName: "gpt-image-edit", action: "generate_image", quota: { imageTokens: 12 } });
    await h.send(u.telegramId, photoMessage(h.bot.addFile(JPEG), "add a hat"));
    const { listSessionMessages } = await import("@/lib/server/history/thread");
    const [message] = await listSessionMessages({ db: await h.getDb(), userId: u.userId, sessionId: u.sessionId });
    expect(message.user_file_url).toMatch(/^\/api\/files\/bot\/in\/.+\.jpg\?exp=\d+&sig=/);
    expect(message.ai_file_url).toMatch(/^\/api\/files\/bot\/out\/.+\.png\?exp=\d+&sig=/);
  });

  it("refuses a photo whose every size is over Telegram's 20 MB download limit without getFile, a model call or a charge", async () => {
    const u = await h.chatUser({ modelName: "gpt-image-edit", action: "generate_image", quota: { imageTokens: 12 } });
    const getFiles = h.bot.calls.filter((c) => c.method === "getFile").length;
    // Every size over the limit: a smaller size within it would be taken instead (incoming.ts).
    const file = h.bot.addFile(JPEG, { declaredSize: 25 * MB });
    await h.send(u.telegramId, { photo: [{ ...file, width: 1280, height: 960 }], caption: "brighter" });
    expect(h.bot.calls.filter((c) => c.method === "getFile")).toHaveLength(getFiles);
    expect(h.ai.requests).toHaveLength(0);
    expect(h.textsIn(u.telegramId).at(-1)).toMatch(/25\.0 MB.*at most 20 MB/);
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(12);
  });

  it("an edit failure refunds the reserved image", async () => {
    const u = await h.chatUser({ modelName: "gpt-image-edit", action: "generate_image", quota: { imageTokens: 6 } });
    h.ai.mode = "fail400";
    await h.send(u.telegramId, photoMessage(h.bot.addFile(JPEG), "sharper"));
    expect(h.ai.requests.filter((r) => r.path === "/v1/images/edits")).toHaveLength(1);
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Nothing was charged");
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(6);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(0);
  });

  it("a photo-editing assistant needs no caption: its instructions are the prompt", async () => {
    const u = await h.chatUser({
      modelName: "gpt-image-edit",
      action: "generate_image",
      assistant: "old-photo",
      quota: { imageTokens: 6 },
    });
    await h.send(u.telegramId, photoMessage(h.bot.addFile(JPEG)));
    expect(h.ai.requests.find((r) => r.path === "/v1/images/edits")!.body.prompt).toBe(
      "restore and colourise the old photo",
    );
    expect(h.mediaIn(u.telegramId)).toHaveLength(1);
    expect((await h.messagesOf(u.sessionId))[0].userText).toBeNull();
  });

  it("asks for a caption, and for a photo when text comes instead, without a model call", async () => {
    const u = await h.chatUser({ modelName: "gpt-image-edit", action: "generate_image", quota: { imageTokens: 6 } });
    await h.send(u.telegramId, photoMessage(h.bot.addFile(JPEG)));
    expect(h.textsIn(u.telegramId).at(-1)).toBe("Send the photo with a caption that says what to change in it.");
    await h.send(u.telegramId, { text: "make it blue" });
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Send a photo and say what to change.");
    expect(h.ai.requests).toHaveLength(0);
  });
});

describe("a video session in the bot chat", () => {
  it("a photo gets the not-handled line, not the video action's invitation, and nothing is called or spent", async () => {
    const u = await h.chatUser({
      modelName: "gen4_turbo",
      action: "image_to_video",
      quota: { imageTokens: 6, videoTokens: 5 },
    });
    await h.send(u.telegramId, photoMessage(h.bot.addFile(JPEG), "make it move"));
    expect(h.textsIn(u.telegramId).at(-1)).toBe(
      "This model works with files or media; that kind of message is not handled in the chat yet.",
    );
    expect(h.ai.requests).toHaveLength(0);
    expect((await h.quotasOf(u.userId)).videoTokens).toBe(5);
  });
});
