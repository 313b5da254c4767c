import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { dialogMessages, dialogSessions, models } from "@/db/schema";
import type { HistoryPage } from "@/lib/contracts/history";
import type { PickerType } from "@/lib/shared/model-actions";
import { previewText } from "./text-preview";

const LAST_MESSAGE_PREVIEW = 50;

// Sessions whose user speaks or sends audio rather than writing; the first of them transcribes.
const TRANSCRIBING_ACTION = "speech_to_text" satisfies PickerType;
const VOICE_ACTIONS = [TRANSCRIBING_ACTION, "noise_removal", "dubbing"] as const satisfies readonly PickerType[];

// Enough code points for 50 grapheme clusters of ordinary text, without reading whole long messages.
const PREVIEW_READ = LAST_MESSAGE_PREVIEW * 8;

// Prepared once per database handle (named statements on PostgreSQL: planned once per connection).
const prepared = perDatabase((db) => {
  const userId = sql.placeholder("userId");
  const pageIds = db
    .select({ id: dialogSessions.id })
    .from(dialogSessions)
    .where(eq(dialogSessions.userId, userId))
    .orderBy(desc(dialogSessions.updatedAt), desc(dialogSessions.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_ids");
  const lastUserMessage = sql<string | null>`(
    select left(${dialogMessages.userText}, ${PREVIEW_READ}) from ${dialogMessages}
    where ${dialogMessages.sessionId} = ${dialogSessions.id} and ${dialogMessages.userText} is not null
    order by ${dialogMessages.createdAt} desc, ${dialogMessages.id} desc limit 1)`;
  // Voice and audio sessions often have no user text: their first message stands in (its transcript,
  // when the session transcribes). Only those sessions run the subquery.
  const voicePreview = sql<{ transcript: string | null } | null>`case when ${dialogSessions.action} in (${sql.join(
    VOICE_ACTIONS.map((a) => sql`${a}`),
    sql`, `,
  )}) then (
    select json_build_object('transcript', case when ${dialogSessions.action} = ${TRANSCRIBING_ACTION} then left(${dialogMessages.aiText}, ${PREVIEW_READ}) end)
    from ${dialogMessages} where ${dialogMessages.sessionId} = ${dialogSessions.id}
    order by ${dialogMessages.createdAt}, ${dialogMessages.id} limit 1) end`;
  return {
    page: db
      .select({
        id: dialogSessions.id,
        name: dialogSessions.name,
        updatedAt: dialogSessions.updatedAt,
        model: models.displayName,
        modelImage: models.image,
        lastUserMessage,
        voicePreview,
      })
      .from(pageIds)
      .innerJoin(dialogSessions, eq(dialogSessions.id, pageIds.id))
      .innerJoin(models, eq(models.id, dialogSessions.modelId))
      .orderBy(desc(dialogSessions.updatedAt), desc(dialogSessions.id))
      .prepare("history_page"),
    total: db
      .select({ total: sql<number>`count(*)::int` })
      .from(dialogSessions)
      .where(eq(dialogSessions.userId, userId))
      .prepare("history_total"),
  };
});

/**
 * POST /api/history/: one page of the caller's sessions, most recently used first (id breaks ties so
 * pages never overlap). The page's ids come from an index-only scan of (user_id, updated_at, id)
 * before anything else is read, so deep pages skip index entries rather than table rows.
 */
export async function listSessions({
  db,
  userId,
  page,
  pageSize,
}: {
  db: Db;
  userId: number;
  page: number;
  pageSize: number;
}): Promise<HistoryPage> {
  const statement = prepared(db);
  const [rows, [{ total }]] = await Promise.all([
    statement.page.execute({ userId, limit: pageSize, offset: (page - 1) * pageSize }),
    statement.total.execute({ userId }),
  ]);
  const totalPages = Math.ceil(total / pageSize);
  return {
    data: rows.map((r) => ({
      session_id: r.id,
      name: r.name,
      date: new Date(r.updatedAt).toISOString(),
      model: r.model,
      model_image: r.modelImage,
      last_user_message: r.lastUserMessage === null ? null : previewText(r.lastUserMessage, LAST_MESSAGE_PREVIEW),
      voice_preview: r.voicePreview && {
        transcript: r.voicePreview.transcript ? previewText(r.voicePreview.transcript, LAST_MESSAGE_PREVIEW) : null,
      },
    })),
    pagination: { hasNextPage: page < totalPages, currentPage: page, totalPages },
  };
}
