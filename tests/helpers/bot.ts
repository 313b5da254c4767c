import { eq } from "drizzle-orm";
import { assistants, dialogSessions, models, quotas, users } from "@/db/schema"; // schema reads no settings

// Shared by the bot suites (tests/api/bot/harness.ts) and the demo chat suites: both drive the same
// bot-updates worker. The app's modules are imported when called, after a suite has set its settings
// (lib/env.ts reads process.env once).

type QuotaValues = Partial<typeof quotas.$inferInsert>;

/**
 * Opens a session of `modelName` for `action` (an assistant's, by seed key) as the active one of the
 * user with `telegramId`, and sets the given balances.
 */
export async function openActiveSession(
  telegramId: number,
  {
    modelName,
    action,
    assistant,
    quota = {},
  }: { modelName: string; action: string; assistant?: string; quota?: QuotaValues },
) {
  const { getDb } = await import("@/db");
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.telegramId, telegramId));
  const [model] = await db.select().from(models).where(eq(models.modelName, modelName));
  const [helper] = assistant ? await db.select().from(assistants).where(eq(assistants.seedKey, assistant)) : [];
  const [session] = await db
    .insert(dialogSessions)
    .values({ userId: user.id, name: model.displayName, modelId: model.id, assistantId: helper?.id ?? null, action })
    .returning();
  await db.update(users).set({ activeSessionId: session.id }).where(eq(users.id, user.id));
  if (Object.keys(quota).length) await db.update(quotas).set(quota).where(eq(quotas.userId, user.id));
  return { userId: user.id, sessionId: session.id, model, assistant: helper };
}

/** Runs the bot-updates worker until no update is left. */
export async function drainUpdates(): Promise<void> {
  const { getDb } = await import("@/db");
  const { processUpdates } = await import("@/lib/server/bot/updates-job");
  const db = await getDb();
  for (let i = 0; i < 20; i++) {
    const started = await processUpdates({ db });
    if (started.length === 0) return;
    await Promise.all(started);
  }
}
