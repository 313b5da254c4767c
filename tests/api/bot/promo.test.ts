import { describe, expect, it } from "vitest";
import { promoCodes } from "@/db/schema";
import { botHarnessForFile } from "./harness";

// Promo codes in the bot (docs/product/bot.md "Commands"): /promo <code>, and a promo link's
// /start promo_<code>.

const h = botHarnessForFile();

async function seedCode(code: string) {
  await (await h.getDb()).insert(promoCodes).values({
    code,
    grant: "units",
    quotaKey: "image_tokens",
    amount: 30,
    maxRedemptions: 5,
    validUntil: new Date(Date.now() + 86_400_000),
    createdByTelegramId: 1,
  });
}

describe("promo codes in the bot", () => {
  it("/promo <code> redeems it once and says so in the user's language; without a code it says how", async () => {
    await seedCode("BOTPROMO");
    const telegramId = h.newTelegramId();
    await h.send(telegramId, { text: "/promo" });
    await h.send(telegramId, { text: "/promo botpromo" });
    await h.send(telegramId, { text: "/promo BOTPROMO" });
    const texts = h.textsIn(telegramId);
    expect(texts).toContain("Send /promo and the code, e.g. /promo SPRING");
    expect(texts).toContain("Promo code applied: +30 units added to your packages.");
    expect(texts).toContain("You have already used this promo code.");
  });

  it("/start promo_<code> redeems it, then greets", async () => {
    await seedCode("LINK30");
    const telegramId = h.newTelegramId();
    await h.send(telegramId, { text: "/start promo_LINK30" });
    const texts = h.textsIn(telegramId);
    expect(texts[0]).toBe("Promo code applied: +30 units added to your packages.");
    expect(texts.length).toBeGreaterThan(1);
  });
});
