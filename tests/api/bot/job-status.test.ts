import { describe, expect, it } from "vitest";
import { botHarnessForFile } from "./harness";

// An image or dubbing job still running after BOT_STATUS_AFTER_SECONDS gets a status message in the
// chat, with the time the model's recent jobs took, closed with the outcome.
const h = botHarnessForFile({ BOT_STATUS_AFTER_SECONDS: "0.2", BOT_STATUS_EDIT_SECONDS: "0", AI_TIMEOUT_SECONDS: "2" });

/** The status message's texts as posted and edited, in order. */
const statusTexts = (telegramId: number) =>
  h.bot.calls
    .filter(
      (c) => (c.method === "sendMessage" || c.method === "editMessageText") && Number(c.body.chat_id) === telegramId,
    )
    .map((c) => String(c.body.text))
    .filter((t) => t.startsWith("🖼"));

describe("status messages of slow image jobs", () => {
  it("a slow picture gets a status message closed as ready; the next one shows the time the last took", async () => {
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 60 } });
    h.ai.answerDelayMs = 600;
    await h.send(u.telegramId, { text: "a fox" });
    expect(statusTexts(u.telegramId)).toEqual(["🖼 Image · DALL·E 3\nGenerating", "🖼 Image · DALL·E 3\n✅ Ready"]);
    expect(h.mediaIn(u.telegramId)).toHaveLength(1);

    await h.send(u.telegramId, { text: "a wolf" });
    expect(statusTexts(u.telegramId).slice(2)).toEqual([
      "🖼 Image · DALL·E 3\nGenerating\nAbout 5 seconds left",
      "🖼 Image · DALL·E 3\n✅ Ready",
    ]);
  });

  it("a quick picture gets none", async () => {
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 60 } });
    await h.send(u.telegramId, { text: "a fox" });
    expect(statusTexts(u.telegramId)).toEqual([]);
  });

  it("a job that fails after the status message closes it with nothing charged, and the apology offers Retry", async () => {
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 60 } });
    h.ai.mode = "hang";
    await h.send(u.telegramId, { text: "a fox" });
    // Earlier tests' pictures of the same model give an estimate.
    const [posted, closed] = statusTexts(u.telegramId);
    expect(posted).toMatch(/^🖼 Image · DALL·E 3\nGenerating\nAbout 5 seconds left$/);
    expect(closed).toBe("🖼 Image · DALL·E 3\n❌ It did not work out. Nothing was charged.");
    expect(h.textsIn(u.telegramId).at(-1)).toContain("Nothing was charged");
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(60);
  });
});
