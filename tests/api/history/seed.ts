import { getDb } from "@/db";
import { dialogMessages, dialogSessions, models } from "@/db/schema";

/** Sessions for a user straight into the table, used `minutesAgo` minutes ago (as launches would). */
export async function seedSessions(
  userId: number,
  sessions: Array<{ name: string; minutesAgo: number; action?: string }>,
) {
  const db = await getDb();
  const [model] = await db.select().from(models).limit(1);
  const rows = await db
    .insert(dialogSessions)
    .values(
      sessions.map((s) => ({
        userId,
        name: s.name,
        modelId: model.id,
        action: s.action ?? "text",
        updatedAt: new Date(Date.now() - s.minutesAgo * 60_000),
      })),
    )
    .returning({ id: dialogSessions.id });
  return { ids: rows.map((r) => r.id), model };
}

type SeedMessage = {
  userText?: string | null;
  aiText?: string | null;
  userFileUrl?: string | null;
  userFileName?: string | null;
  aiFileUrl?: string | null;
  at?: Date;
};

/** Messages of a session, as the bot dialogue writes them. */
export async function seedMessages(sessionId: number, messages: SeedMessage[]) {
  const db = await getDb();
  const rows = await db
    .insert(dialogMessages)
    .values(
      messages.map((m) => ({
        sessionId,
        userText: m.userText ?? null,
        aiText: m.aiText ?? null,
        userFileUrl: m.userFileUrl ?? null,
        userFileName: m.userFileName ?? null,
        aiFileUrl: m.aiFileUrl ?? null,
        ...(m.at ? { createdAt: m.at } : {}),
      })),
    )
    .returning({ id: dialogMessages.id });
  return rows.map((r) => r.id);
}
