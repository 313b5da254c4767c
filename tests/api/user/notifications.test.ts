import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as notifications } from "@/app/api/user/notifications/route";
import { getDb } from "@/db";
import { packages, payments, tariffs, videoJobs } from "@/db/schema";
import type { NotificationsResponse } from "@/lib/contracts/notifications";
import { call, signIn } from "../../helpers/api";

const at = (iso: string) => new Date(iso);
const hourFromNow = () => new Date(Date.now() + 3_600_000);

async function seedActivity(userId: number) {
  const db = await getDb();
  const [starter] = await db.select().from(tariffs).where(eq(tariffs.name, "Starter"));
  const [pkg] = await db.select().from(packages).limit(1);
  await db.insert(payments).values([
    {
      userId,
      kind: "tariff",
      tariffId: starter.id,
      amountKopecks: 49_000,
      status: "completed",
      provider: "sandbox",
      expiresAt: hourFromNow(),
      createdAt: at("2026-01-01T10:00:00Z"),
    },
    {
      userId,
      kind: "package",
      packageId: pkg.id,
      amountKopecks: 9_950,
      status: "pending",
      provider: "sandbox",
      expiresAt: hourFromNow(),
      createdAt: at("2026-01-03T10:00:00Z"),
    },
  ]);
  const job = {
    userId,
    modelName: "gen4_turbo",
    action: "image_to_video",
    prompt: "a cat",
    formatKey: "1280:720",
    duration: 5,
    cost: 1,
  };
  await db.insert(videoJobs).values([
    {
      ...job,
      idempotencyKey: `${userId}-a`,
      status: "succeeded",
      videoUrl: "videos/a.mp4",
      createdAt: at("2026-01-02T10:00:00Z"),
    },
    {
      ...job,
      idempotencyKey: `${userId}-b`,
      status: "failed",
      error: "provider refused",
      createdAt: at("2026-01-04T10:00:00Z"),
    },
    // Still running: not news yet.
    { ...job, idempotencyKey: `${userId}-c`, status: "reserved", createdAt: at("2026-01-05T10:00:00Z") },
  ]);
  return { pkg };
}

describe("GET /api/user/notifications", () => {
  it("lists the caller's payments and finished videos newest first", async () => {
    const { token, userId } = await signIn();
    const { pkg } = await seedActivity(userId);
    const res = await call<NotificationsResponse>(notifications, "GET", "/api/user/notifications", { token });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        kind: "video",
        id: expect.any(Number),
        created_at: "2026-01-04T10:00:00.000Z",
        status: "failed",
        model_name: "Runway Gen-4 Turbo",
      },
      {
        kind: "payment",
        id: expect.any(String),
        created_at: "2026-01-03T10:00:00.000Z",
        status: "waiting_confirmation",
        amount: 99.5,
        tariff_name: null,
        package_name: pkg.name,
      },
      {
        kind: "video",
        id: expect.any(Number),
        created_at: "2026-01-02T10:00:00.000Z",
        status: "succeeded",
        model_name: "Runway Gen-4 Turbo",
      },
      {
        kind: "payment",
        id: expect.any(String),
        created_at: "2026-01-01T10:00:00.000Z",
        status: "completed",
        amount: 490,
        tariff_name: "Starter",
        package_name: null,
      },
    ]);
  });

  it("shows nobody else's activity and answers an empty list for a new user", async () => {
    const other = await signIn();
    await seedActivity(other.userId);
    const { token } = await signIn();
    const res = await call<NotificationsResponse>(notifications, "GET", "/api/user/notifications", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [] });
  });

  it("refuses a caller without a token", async () => {
    const res = await call(notifications, "GET", "/api/user/notifications");
    expect(res.status).toBe(401);
  });
});
