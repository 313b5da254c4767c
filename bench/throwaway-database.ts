// A PostgreSQL database a bench creates beside DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test) and drops at the end.
import crypto from "node:crypto";
import postgres from "postgres";

export type ThrowawayDatabase = { url: string; drop: () => Promise<void> };

export async function createThrowawayDatabase(prefix: string): Promise<ThrowawayDatabase> {
  const base = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
