import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { models, subscriptions, tariffs } from "@/db/schema";

const DAY = 86_400_000;

/** Gives a user a subscription row directly (as a confirmed payment would). */
export async function subscribe({
  userId,
  tariff,
  expiresInDays = 30,
  customModelNames,
}: {
  userId: number;
  tariff: string;
  expiresInDays?: number;
  customModelNames?: string[];
}) {
  const db = await getDb();
  const [t] = await db.select().from(tariffs).where(eq(tariffs.name, tariff));
  const all = await db.select({ id: models.id, modelName: models.modelName }).from(models);
  const customModelIds = customModelNames?.map((n) => all.find((m) => m.modelName === n)!.id) ?? null;
  const now = Date.now();
  await db.insert(subscriptions).values({
    userId,
    tariffId: t.id,
    priceKopecks: t.amountKopecks,
    startsAt: new Date(now - DAY),
    expiresAt: new Date(now + expiresInDays * DAY),
    textLimit: t.tokenBalance,
    imageLimit: t.imageBalance,
    audioLimit: t.minutesBalance,
    fileLimit: t.fileBalance,
    videoLimit: t.videoBalance,
    customModelIds,
  });
}

export async function modelIdByName(name: string): Promise<number> {
  const db = await getDb();
  const [m] = await db.select({ id: models.id }).from(models).where(eq(models.modelName, name));
  return m.id;
}
