import { eq } from "drizzle-orm";
import { dialogSessions, models, quotas, users } from "@/db/schema";
import { call, signedInitData } from "../../helpers/api";

// The demo chat runs with no real bot: BOT_TOKEN is unset before the app loads, so the bot's calls go
// through the demo transport and sign-in uses the generated development token, as in a demo deployment.
export function useDemoBot(): void {
  delete process.env.BOT_TOKEN;
}

let nextTelegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

/** A demo user signed in through the real login route, with an active text session and tokens. */
export async function demoChatUser({ textTokens = 100_000 }: { textTokens?: number } = {}) {
  const { getSecrets } = await import("@/lib/server/auth/secrets");
  const { POST } = await import("@/app/api/auth/telegram-login/route");
  const telegramId = nextTelegramId++;
  const initData = signedInitData({ id: telegramId, first_name: "Dana", language_code: "en" }, { token: getSecrets().botToken });
  const res = await call(POST, "POST", "/api/auth/telegram-login", { body: { initData } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { getDb } = await import("@/db");
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.telegramId, telegramId));
  const [model] = await db.select().from(models).where(eq(models.modelName, "gpt-4o-mini"));
  const [session] = await db.insert(dialogSessions).values({ userId: user.id, name: "Chat", modelId: model.id, action: "text" }).returning();
  await db.update(users).set({ activeSessionId: session.id }).where(eq(users.id, user.id));
  await db.update(quotas).set({ textTokens }).where(eq(quotas.userId, user.id));
  return { token: res.body.jwtToken as string, userId: user.id, telegramId, sessionId: session.id };
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
