import { eq, sql } from "drizzle-orm";
import { POST as login } from "@/app/api/auth/telegram-login/route";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { call, signedInitData } from "../../helpers/api";

/** Signs a brand-new user in with launch data carrying `startParam`, as a referral link does. */
export async function signInWithStartParam(startParam: string, user: Record<string, unknown> = {}) {
  const res = await call(login, "POST", "/api/auth/telegram-login", {
    body: { initData: signedInitData(user, { startParam }) },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.body.jwtToken as string;
}

export async function userRow(userId: number) {
  const [row] = await (await getDb()).select().from(users).where(eq(users.id, userId));
  return row;
}

/** Moves the first login back in time, to step outside the 24 h window. */
export async function firstLoginHoursAgo(userId: number, hours: number) {
  await (
    await getDb()
  )
    .update(users)
    .set({ firstLoginAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(users.id, userId));
}
