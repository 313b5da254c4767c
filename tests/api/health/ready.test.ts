import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { getDb } from "@/db";
import { botOutbox } from "@/db/schema";
import { call } from "../../helpers/api";

describe("GET /api/health", () => {
  it("answers liveness with the database, and readiness with the job backlog in seconds", async () => {
    const live = await call(health, "GET", "/api/health");
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ status: "ok", database: "ok" });
    expect(live.body.backlog).toBeUndefined();

    const db = await getDb();
    await db
      .insert(botOutbox)
      .values({ userId: null, chatId: 1, text: "waiting", createdAt: sql`now() - interval '90 seconds'` });
    const ready = await call(health, "GET", "/api/health", { query: { ready: 1 } });
    expect(ready.status).toBe(200);
    expect(ready.body.backlog.oldest_unsent_outbox_seconds).toBeGreaterThanOrEqual(89);
    expect(ready.body.backlog.oldest_unprocessed_update_seconds).toBe(0);
  });

  it("from the moment the instance drains (SIGTERM), readiness answers 503 at once while liveness stays 200", async () => {
    const state = globalThis as { __appDraining?: boolean };
    state.__appDraining = true;
    try {
      const ready = await call(health, "GET", "/api/health", { query: { ready: 1 } });
      expect(ready.status).toBe(503);
      expect(ready.body.error.code).toBe("service_unavailable");
      const live = await call(health, "GET", "/api/health");
      expect(live.status).toBe(200);
      expect(live.body).toMatchObject({ status: "ok", database: "ok" });
    } finally {
      delete state.__appDraining;
    }
    expect((await call(health, "GET", "/api/health", { query: { ready: 1 } })).status).toBe(200);
  });
});
