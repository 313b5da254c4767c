import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { botUpdates, providerRequests } from "@/db/schema"; // schema reads no settings
import { botHarnessForFile } from "./harness";

// A model call's request-log row is written while the chat gets its answer, not before it: the
// worker waits for it before settling the update (lib/server/bot/hand-over.ts deferToUpdate).
const h = botHarnessForFile();

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("the request log of a bot turn", () => {
  // A second connection holds the table: PostgreSQL only (PGlite has one).
  it.runIf(process.env.DATABASE_URL)(
    "does not hold the answer back, and its row is there once the update is settled",
    async () => {
      const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 100_000 } });
      const db = await h.getDb();
      const rowsOfUser = () => db.select().from(providerRequests).where(eq(providerRequests.userId, u.userId));
      const { default: postgres } = await import("postgres");
      const other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      const holder = await other.reserve();
      await holder`begin`;
      await holder`lock table provider_requests in exclusive mode`;
      const update = h.messageUpdate(u.telegramId, { text: "a question" });
      await h.post(update);
      const draining = h.drain();
      try {
        const answered = () =>
          h.callsIn(u.telegramId, "sendMessage").some((m) => /Hello from the fake model/.test(String(m.body.text)));
        await until(answered);
        const [stored] = await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id));
        expect(stored.status).toBe("processing");
        expect(await rowsOfUser()).toEqual([]);
      } finally {
        await holder`commit`;
        holder.release();
        await draining;
        await other.end();
      }
      expect((await rowsOfUser()).map((r) => [r.status, r.action])).toEqual([["ok", "text"]]);
      const [settled] = await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id));
      expect(settled.status).toBe("done");
    },
  );
});
