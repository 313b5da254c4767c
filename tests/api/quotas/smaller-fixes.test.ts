import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { botOutbox, users } from "@/db/schema";
import { recipients } from "@/lib/server/broadcasts/recipients";
import { spendQuota } from "@/lib/server/quotas/spend";
import { catalogueTariffs } from "@/db/catalogue";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";
import { signIn } from "../../helpers/api";

// The smaller points of the money issue: what Free users are told, whom broadcasts reach, what the
// console calls audio units.

const free = catalogueTariffs.find((t) => t.name === "Free")!;

describe("smaller fixes", () => {
  it("a Free user's balance alert does not speak of a monthly allowance", async () => {
    const { userId } = await signIn();
    const db = await getDb();
    await db.update(users).set({ allowsWriteToPm: true, language: "en" }).where(eq(users.id, userId));
    await spendQuota({ db, userId, kind: "image_tokens", amount: free.imageBalance - 1 });
    const [alert] = await db.select().from(botOutbox).where(eq(botOutbox.userId, userId));
    expect(alert.text).toContain("Less than 10% of your image allowance is left");
    expect(alert.text).not.toMatch(/month/);
  });

  it("a broadcast does not reach a user an operator blocked", async () => {
    const { userId } = await signIn();
    const db = await getDb();
    await db.update(users).set({ allowsWriteToPm: true, blockedAt: new Date() }).where(eq(users.id, userId));
    const reached = await db.select({ id: users.id }).from(users).where(recipients("all", new Date()));
    expect(reached.map((r) => r.id)).not.toContain(userId);
  });

  it("the console names audio balances in units, not minutes", () => {
    expect(en.admin.kinds.audio_tokens).toBe("Audio (units)");
    expect(ru.admin.kinds.audio_tokens).toBe("Аудио (единицы)");
  });
});
