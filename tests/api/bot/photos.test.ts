import fs from "node:fs";
import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { balanceLedger, botTurns, dialogSessions, models } from "@/db/schema";
import { MB, botHarnessForFile } from "./harness";

// A photo in a text dialogue (docs/product/bot.md "Voice, photos and documents in a text dialogue"):
// a model that sees gets it as an `image_url` part of the chat request with the caption and the
// dialogue's context, paid like typed text by the tokens reported; a model that cannot see offers the
// tariff's models that can. The picture stays in history and in later turns' context.
const h = botHarnessForFile();
const JPEG = fs.readFileSync("tests/fixtures/photo.jpg");
const PNG = fs.readFileSync("tests/fixtures/photo.png");

const textUser = (modelName = "gpt-4o-mini") =>
  h.chatUser({ modelName, action: "text", quota: { textTokens: 1000, imageTokens: 60, fileTokens: 100 } });
/** A photo message as Telegram sends it: the same picture in three sizes, smallest first. */
const photo = (caption?: string, data = JPEG) => ({
  photo: [
    { ...h.bot.addFile(Buffer.from("thumbnail")), width: 90, height: 67 },
    { ...h.bot.addFile(Buffer.from("medium")), width: 320, height: 240 },
    { ...h.bot.addFile(data, { path: `photos/file_${Math.random()}.jpg` }), width: 1280, height: 960 },
  ],
  ...(caption ? { caption } : {}),
});
const chatRequests = () => h.ai.requests.filter((r) => r.path === "/v1/chat/completions");
const dataUrl = (type: string, data: Buffer) => `data:${type};base64,${data.toString("base64")}`;
const keyboardOf = (body: Record<string, unknown>) =>
  (body.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }).inline_keyboard.flat();

describe("a photo in a text dialogue", () => {
  it("reaches a model that sees as an image part with the caption, is answered and paid by the tokens; history keeps the picture", async () => {
    const u = await textUser();
    await h.send(u.telegramId, photo("What breed is this dog?"));

    expect(h.bot.downloads.at(-1)).toMatch(/^photos\//); // the largest size
    const [asked] = chatRequests();
    expect(asked.model).toBe("gpt-4o-mini");
    expect(asked.body.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "What breed is this dog?" },
          { type: "image_url", image_url: { url: dataUrl("image/jpeg", JPEG) } },
        ],
      },
    ]);
    expect(h.callsIn(u.telegramId, "sendMessage").at(-1)!.body.text).toMatch(
      /^Hello from the fake model\\\.\n\n— text units: 17, left: 983 · context \d+%$/,
    );
    const quotas = await h.quotasOf(u.userId);
    expect([quotas.textTokens, quotas.imageTokens, quotas.fileTokens]).toEqual([983, 60, 100]);
    const [row] = await h.messagesOf(u.sessionId);
    expect(row).toMatchObject({ userText: "What breed is this dog?", aiText: "Hello from the fake model." });
    expect(row.userFileUrl).toMatch(/^bot\/in\/.+\.jpg$/);
    expect((await h.readStoredFile(row.userFileUrl!))!.data).toEqual(JPEG);
  });

  it("a later turn sees the picture again while the budget holds it; past it, or for a model that cannot see, it is “[image: caption]”", async () => {
    const u = await textUser();
    await h.send(u.telegramId, photo("my dog"));
    h.ai.requests.length = 0;
    await h.send(u.telegramId, { text: "How old is it?" });
    expect(chatRequests()[0].body.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "my dog" },
          { type: "image_url", image_url: { url: dataUrl("image/jpeg", JPEG) } },
        ],
      },
      { role: "assistant", content: "Hello from the fake model." },
      { role: "user", content: "How old is it?" },
    ]);

    const db = await h.getDb();
    await db.update(models).set({ contextTokens: 500 }).where(eq(models.modelName, "gpt-4o-mini"));
    try {
      h.ai.requests.length = 0;
      await h.send(u.telegramId, { text: "And its name?" });
      expect(chatRequests()[0].body.messages[0]).toEqual({ role: "user", content: "[image: my dog]" });
    } finally {
      await db.update(models).set({ contextTokens: 16000 }).where(eq(models.modelName, "gpt-4o-mini"));
    }

    const [blind] = await db.select().from(models).where(eq(models.modelName, "yandexgpt"));
    await db.update(dialogSessions).set({ modelId: blind.id }).where(eq(dialogSessions.id, u.sessionId));
    h.ai.requests.length = 0;
    await h.send(u.telegramId, { text: "Summarise." });
    expect(chatRequests()[0].body.messages[0]).toEqual({ role: "user", content: "[image: my dog]" });
  });

  it("without a caption the model is asked to describe it; history keeps no question the user did not write", async () => {
    const u = await textUser();
    await h.send(u.telegramId, photo());
    expect(chatRequests()[0].body.messages[0].content[0]).toEqual({ type: "text", text: "Describe this picture." });
    expect((await h.messagesOf(u.sessionId))[0].userText).toBeNull();
  });

  it("a picture sent as a document goes as what its bytes are; a picture type models do not take is refused for free", async () => {
    const u = await textUser();
    await h.send(u.telegramId, { document: { ...h.bot.addFile(PNG), file_name: "chart.png", mime_type: "image/png" } });
    expect(chatRequests()[0].body.messages[0].content).toEqual([
      { type: "text", text: "Describe this picture." },
      { type: "image_url", image_url: { url: dataUrl("image/png", PNG) } },
    ]);
    expect((await h.messagesOf(u.sessionId))[0]).toMatchObject({ userFileName: "chart.png" });

    h.ai.requests.length = 0;
    await h.send(u.telegramId, {
      document: { ...h.bot.addFile(Buffer.from("heic")), file_name: "x.heic", mime_type: "image/heic" },
    });
    // Named a PNG, but not one.
    await h.send(u.telegramId, {
      document: { ...h.bot.addFile(Buffer.from("not a picture")), file_name: "y.png", mime_type: "image/png" },
    });
    expect(h.textsIn(u.telegramId).slice(-2)).toEqual([
      "I can look at JPEG, PNG, WebP and GIF pictures; please send this one as a photo. Nothing was charged.",
      "I can look at JPEG, PNG, WebP and GIF pictures; please send this one as a photo. Nothing was charged.",
    ]);
    expect(h.ai.requests).toHaveLength(0);
    expect((await h.quotasOf(u.userId)).textTokens).toBe(983);
  });

  it("the largest size within Telegram's 20 MB download limit is taken", async () => {
    const u = await textUser();
    const message = photo("big");
    message.photo[2] = { ...h.bot.addFile(JPEG, { declaredSize: 21 * MB }), width: 4000, height: 3000 };
    message.photo[1] = { ...h.bot.addFile(JPEG, { path: "photos/medium.jpg" }), width: 1280, height: 960 };
    await h.send(u.telegramId, message);
    expect(h.bot.downloads.at(-1)).toBe("photos/medium.jpg");
    expect(chatRequests()).toHaveLength(1);
  });

  it("a model that cannot see offers the tariff's models that can; choosing one moves the dialogue to it and answers the photo, once", async () => {
    const u = await textUser("yandexgpt");
    await h.send(u.telegramId, photo("What is this?"));
    expect(h.ai.requests).toHaveLength(0);
    const offer = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(offer.body.text).toBe(
      "YandexGPT does not see pictures. Choose a model of your tariff that does: it answers this photo, and the dialogue goes on with it.",
    );
    const buttons = keyboardOf(offer.body);
    expect(buttons.map((b) => b.text)).toEqual(["GPT-4o mini", "Gemini Flash"]);
    const [turn] = await (await h.getDb()).select().from(botTurns).where(eq(botTurns.userId, u.userId));
    expect(turn).toMatchObject({ status: "failed", action: "text", userText: "What is this?" });
    expect(await h.quotasOf(u.userId)).toMatchObject({ textTokens: 1000 });

    await h.post(h.buttonPress(u.telegramId, buttons[1].callback_data));
    await h.post(h.buttonPress(u.telegramId, buttons[1].callback_data));
    await h.drain();
    const [asked] = chatRequests();
    expect(chatRequests()).toHaveLength(1);
    expect(asked.model).toBe("gemini-2.5-flash");
    expect(asked.body.messages[0].content[1]).toEqual({
      type: "image_url",
      image_url: { url: dataUrl("image/jpeg", JPEG) },
    });
    expect(h.textsIn(u.telegramId)).toContain(
      "Now Gemini Flash answers. The dialogue goes on with its earlier messages.",
    );
    const [session] = await (await h.getDb()).select().from(dialogSessions).where(eq(dialogSessions.id, u.sessionId));
    expect(session.modelId).toBe(await modelId("gemini-flash"));
    expect((await h.quotasOf(u.userId)).textTokens).toBe(983);
  });

  it("a tariff with no model that sees says so and offers the tariffs", async () => {
    const u = await textUser("yandexgpt");
    const db = await h.getDb();
    await db.update(models).set({ vision: false }).where(eq(models.modelName, "gemini-flash"));
    await db.update(models).set({ vision: false }).where(eq(models.modelName, "gpt-4o-mini"));
    try {
      await bumpCatalogue();
      await h.send(u.telegramId, photo("What is this?"));
    } finally {
      await db.update(models).set({ vision: true }).where(eq(models.modelName, "gemini-flash"));
      await db.update(models).set({ vision: true }).where(eq(models.modelName, "gpt-4o-mini"));
      await bumpCatalogue();
    }
    const last = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(last.body.text).toContain("your tariff opens no model that does");
    expect(JSON.stringify(last.body.reply_markup)).toContain('/#/tariff"');
  });

  it("the provider refuses the picture: nothing is charged; Other model lists only the models that see", async () => {
    const u = await textUser();
    h.ai.blindModels.add("gpt-4o-mini");
    await h.send(u.telegramId, photo("What is this?"));
    expect(chatRequests()).toHaveLength(1);
    const apology = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(apology.body.text).toContain("Nothing was charged");
    expect(await h.quotasOf(u.userId)).toMatchObject({ textTokens: 1000 });
    expect(await h.messagesOf(u.sessionId)).toHaveLength(0);
    const db = await h.getDb();
    const [turn] = await db.select().from(botTurns).where(eq(botTurns.userId, u.userId));
    expect(turn.status).toBe("failed");
    expect(
      await db
        .select()
        .from(balanceLedger)
        .where(and(eq(balanceLedger.userId, u.userId), isNotNull(balanceLedger.turnId))),
    ).toEqual([]);

    await h.post(h.buttonPress(u.telegramId, `other:${turn.id}`));
    await h.drain();
    const offer = h.callsIn(u.telegramId, "sendMessage").at(-1)!;
    expect(keyboardOf(offer.body).map((b) => b.text)).toEqual(["Gemini Flash"]);
  });
});

async function modelId(modelName: string): Promise<number> {
  const [row] = await (await h.getDb()).select().from(models).where(eq(models.modelName, modelName));
  return row.id;
}

/** The catalogue is cached per process and checked by version (docs/decisions/0016-catalogue-cache-version.md). */
async function bumpCatalogue(): Promise<void> {
  const { bumpCatalogueVersion, recheckAtNextRead } = await import("@/lib/server/catalogue/cache");
  const db = await h.getDb();
  await bumpCatalogueVersion(db);
  recheckAtNextRead(db);
}
