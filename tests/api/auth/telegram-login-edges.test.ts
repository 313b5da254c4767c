import { signData } from "@telegram-apps/init-data-node";
import { count } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/auth/telegram-login/route";
import { GET as getUserTariff } from "@/app/api/user/user-tariff/route";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { call, signIn } from "../../helpers/api";

const login = (initData: string) => call(POST, "POST", "/api/auth/telegram-login", { body: { initData } });
const userCount = async () => (await (await getDb()).select({ n: count() }).from(users))[0].n;

/** Signs raw launch pairs exactly as the messenger does, whatever they hold. */
function signRaw(pairs: Record<string, string>, token = process.env.BOT_TOKEN!) {
  const params = new URLSearchParams(pairs);
  const checkString = [...params.entries()]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join("\n");
  params.set("hash", signData(checkString, token));
  return params.toString();
}

const now = () => String(Math.floor(Date.now() / 1000));
const userJson = (user: Record<string, unknown>) => JSON.stringify({ first_name: "Edge", ...user });

describe("POST /api/auth/telegram-login - launch data at the edges", () => {
  it("accepts correctly signed data without the optional third-party signature field", async () => {
    const res = await login(signRaw({ auth_date: now(), user: userJson({ id: 77_000_001 }), chat_type: "sender" }));
    expect(res.status).toBe(200);
    expect(res.body.jwtToken).toBeTruthy();
  });

  it.each([
    ["a huge id", { id: 2 ** 60 }],
    ["a fractional id", { id: 1.5 }],
    ["a string id", { id: "77000002" }],
    ["a NUL in the name", { id: 77_000_003, first_name: "a\u0000b" }],
  ])("refuses signed data with %s (400, nobody created)", async (_label, user) => {
    const before = await userCount();
    const res = await login(signRaw({ auth_date: now(), user: userJson(user) }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(await userCount()).toBe(before);
  });

  it("refuses signed data whose user is not JSON", async () => {
    const res = await login(signRaw({ auth_date: now(), user: "{not json" }));
    expect(res.status).toBe(400);
  });

  it("refuses launch data dated in the future beyond the clock skew", async () => {
    const future = String(Math.floor(Date.now() / 1000) + 3600);
    const res = await login(signRaw({ auth_date: future, user: userJson({ id: 77_000_004 }) }));
    expect(res.status).toBe(401);
  });

  it("refuses a hash of the wrong length or form without throwing", async () => {
    const good = new URLSearchParams(signRaw({ auth_date: now(), user: userJson({ id: 77_000_005 }) }));
    for (const hash of ["", "abc", "z".repeat(64), `${good.get("hash")}00`]) {
      good.set("hash", hash);
      expect((await login(good.toString())).status).toBe(401);
    }
  });
});

describe("bearer tokens at the edges", () => {
  const secret = new TextEncoder().encode(process.env.JWT_SECRET!);
  const tariff = (token: string) => call(getUserTariff, "GET", "/api/user/user-tariff", { token });

  it("refuses a token without exp even when signed with the real secret for a real user", async () => {
    const { userId } = await signIn();
    const token = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(String(userId)).sign(secret);
    expect((await tariff(token)).status).toBe(401);
  });

  it.each(["99999999999999", "-1", "1.5", "abc", "2147483648"])(
    "refuses a real-secret token whose sub is %s (401, not 500)",
    async (sub) => {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(sub)
        .setAudience("mini-app")
        .setExpirationTime("1h")
        .sign(secret);
      expect((await tariff(token)).status).toBe(401);
    },
  );
});
