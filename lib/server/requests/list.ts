import "server-only";
import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db";
import { models, providerRequests } from "@/db/schema";
import type { adminRequestsQuerySchema, adminRequestSchema } from "@/lib/contracts/admin-exports";
import { now } from "@/lib/server/clock";
import { dateRange } from "@/lib/server/exports/range";

export const REQUESTS_PAGE_SIZE = 50;

type Query = z.infer<typeof adminRequestsQuerySchema>;
type Item = z.infer<typeof adminRequestSchema>;

/** One page of the request log, newest first, by the console's filters (each optional). */
export async function listRequests({ db, query }: { db: Db; query: Query }) {
  const t = providerRequests;
  const where: (SQL | undefined)[] = [
    query.user_id !== undefined ? eq(t.userId, query.user_id) : undefined,
    query.model_name !== undefined ? eq(t.modelName, query.model_name) : undefined,
    query.channel_id !== undefined ? eq(t.channelId, query.channel_id) : undefined,
    query.status !== undefined ? eq(t.status, query.status) : undefined,
  ];
  if (query.from || query.to) {
    const { start, end } = dateRange(
      { from: query.from ?? "1970-01-01", to: query.to },
      new Date(now().getTime() + 86_400_000),
    );
    where.push(gte(t.createdAt, start), lt(t.createdAt, end));
  }
  const rows = await db
    .select({ r: t, displayName: models.displayName })
    .from(t)
    .leftJoin(models, eq(models.modelName, t.modelName))
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(REQUESTS_PAGE_SIZE + 1)
    .offset((query.page - 1) * REQUESTS_PAGE_SIZE);
  const items: Item[] = rows.slice(0, REQUESTS_PAGE_SIZE).map(({ r, displayName }) => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    user_id: r.userId,
    session_id: r.sessionId,
    model_name: r.modelName,
    display_name: displayName ?? r.modelName,
    channel_id: r.channelId,
    action: r.action,
    tokens_in: r.tokensIn,
    tokens_out: r.tokensOut,
    units: r.units,
    latency_ms: r.latencyMs,
    status: r.status as Item["status"],
    error: r.error,
    cost_rub: r.costRub,
  }));
  return { items, has_more: rows.length > REQUESTS_PAGE_SIZE };
}
