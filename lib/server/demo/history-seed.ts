import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db";
import { dialogMessages, dialogSessions, models } from "@/db/schema";
import { isDemoMode } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { demoHistoryBodySchema } from "@/lib/contracts/demo";

type DemoHistoryBody = z.infer<typeof demoHistoryBodySchema>;

export async function seedDemoHistory({ db, userId, body }: { db: Db; userId: number; body: DemoHistoryBody }) {
  if (!isDemoMode()) throw new ApiError("not_found", "Demo mode is off");
  const [model] = await db.select({ id: models.id }).from(models).orderBy(models.sortOrder, models.id).limit(1);
  const now = Date.now();
  const sessionIds: number[] = [];
  await db.transaction(async (tx) => {
    for (const [index, session] of body.sessions.entries()) {
      const updatedAt = new Date(now - index * 60_000);
      const [row] = await tx
        .insert(dialogSessions)
        .values({
          userId,
          name: session.name,
          modelId: model.id,
          action: session.action,
          createdAt: updatedAt,
          updatedAt,
        })
        .returning({ id: dialogSessions.id });
      sessionIds.push(row.id);
      const total = session.messages.length + session.generated_messages;
      // Messages a second apart, the last one at the session's time.
      const at = (position: number) => new Date(updatedAt.getTime() - (total - position) * 1000);
      if (session.messages.length) {
        await tx.insert(dialogMessages).values(
          session.messages.map((m, i) => ({
            sessionId: row.id,
            userText: m.user_text ?? null,
            aiText: m.ai_text ?? null,
            userFileUrl: m.user_file_url ?? null,
            userFileName: m.user_file_name ?? null,
            aiFileUrl: m.ai_file_url ?? null,
            createdAt: at(i + 1),
          })),
        );
      }
      if (session.generated_messages) {
        const first = session.messages.length;
        await tx.execute(sql`
          insert into ${dialogMessages} (session_id, user_text, ai_text, created_at)
          select ${row.id}::int, 'Сообщение ' || g, 'Ответ на сообщение ' || g,
                 ${updatedAt.toISOString()}::timestamptz - (${total}::int - ${first}::int - g) * interval '1 second'
          from generate_series(1, ${session.generated_messages}::int) g`);
      }
    }
  });
  return { session_ids: sessionIds };
}
