import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { models, videoJobs } from "@/db/schema";
import {
  NOTIFICATIONS_PER_KIND,
  type NotificationItem,
  type NotificationsResponse,
} from "@/lib/contracts/notifications";
import { toRoubles } from "@/lib/shared/money";
import { columnIn, latestPayments, listedStatus } from "@/lib/server/payments/list";
import type { Language } from "@/lib/contracts/common";

/** The bell's list: the caller's latest payments and finished video generations, merged newest first. */
export async function listNotifications({
  db,
  userId,
  language,
}: {
  db: Db;
  userId: number;
  language: Language;
}): Promise<NotificationsResponse> {
  const [paymentRows, videoRows] = await Promise.all([
    latestPayments({ db, userId, limit: NOTIFICATIONS_PER_KIND, language }),
    db
      .select({ job: videoJobs, displayName: columnIn(language, models.displayName, models.displayNameEn) })
      .from(videoJobs)
      .leftJoin(models, eq(models.modelName, videoJobs.modelName))
      // A reserved or processing job is not news yet.
      .where(and(eq(videoJobs.userId, userId), inArray(videoJobs.status, ["succeeded", "failed"])))
      .orderBy(desc(videoJobs.createdAt), desc(videoJobs.id))
      .limit(NOTIFICATIONS_PER_KIND),
  ]);
  const items: NotificationItem[] = [
    ...paymentRows.map(({ payment, tariffName, packageName }) => ({
      kind: "payment" as const,
      id: payment.id,
      created_at: payment.createdAt.toISOString(),
      status: listedStatus(payment.status),
      amount: toRoubles(payment.amountKopecks),
      tariff_name: tariffName,
      package_name: packageName,
    })),
    ...videoRows.map(({ job, displayName }) => ({
      kind: "video" as const,
      id: job.id,
      created_at: job.createdAt.toISOString(),
      status: job.status as "succeeded" | "failed",
      model_name: displayName ?? job.modelName,
    })),
  ];
  return { items: items.sort((a, b) => b.created_at.localeCompare(a.created_at)) };
}
