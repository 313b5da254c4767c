// The whole of the Next floor's work for one call: read the body, verify the JWT like the app (jose, HS256),
// send the SQL the app sent for that call (recorded by bench/api.ts) on the same driver, answer its body.
import fs from "node:fs";
import { jwtVerify } from "jose";
import postgres from "postgres";

type Recorded = {
  method: string;
  path: string;
  auth: boolean;
  queries: { sql: string; params: unknown[] }[];
  status: number;
  response: string;
};
type Floor = { sql: postgres.Sql; key: Promise<CryptoKey>; calls: Map<string, Recorded> };

let floor: Floor | undefined;

// Read at the first request, not at build time: BENCH_FLOOR_CONFIG names the file bench/api.ts wrote.
function load(): Floor {
  const { url, calls } = JSON.parse(fs.readFileSync(process.env.BENCH_FLOOR_CONFIG!, "utf8")) as {
    url: string;
    calls: Recorded[];
  };
  return {
    // As many connections as the app keeps (bench:api passes its DATABASE_POOL_SIZE).
    sql: postgres(url, { max: Number(process.env.DATABASE_POOL_SIZE ?? 20), onnotice: () => {} }),
    // Imported once, as the app does (lib/server/auth/jwt.ts).
    key: crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(process.env.JWT_SECRET!),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["verify"],
    ),
    calls: new Map(calls.map((c) => [`${c.method} ${c.path}`, c])),
  };
}

export async function replay(req: Request, path: string): Promise<Response> {
  floor ??= load();
  const call = floor.calls.get(`${req.method} ${path}`);
  if (!call) return new Response(null, { status: 404 });
  if (req.method === "POST") await req.text();
  if (call.auth) {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
    if (!token) return new Response(null, { status: 401 });
    // The app's checks (lib/server/auth/jwt.ts): a mini-app token, with its audience.
    await jwtVerify(token, await floor.key, {
      algorithms: ["HS256"],
      audience: "mini-app",
      requiredClaims: ["exp", "sub", "aud"],
    });
  }
  for (const q of call.queries) await floor.sql.unsafe(q.sql, q.params as never[], { prepare: true });
  return new Response(call.response, { status: call.status, headers: { "content-type": "application/json" } });
}
