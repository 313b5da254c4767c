#!/usr/bin/env node
// `npm run db:migrate`: applies the SQL migrations in db/migrations to DATABASE_URL (a host's
// release phase can call it; the server also applies them at start). Needs DATABASE_URL.
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("db:migrate needs DATABASE_URL (the embedded database is migrated when the app starts).");
  process.exit(1);
}
const client = postgres(url, { max: 1, onnotice: () => {} });
try {
  await migrate(drizzle(client), { migrationsFolder: path.resolve("db/migrations") });
  const [{ count }] = await client`select count(*)::int as count from drizzle.__drizzle_migrations`;
  console.log(`Migrations applied: ${count} in the database.`);
} catch (error) {
  console.error(`db:migrate failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await client.end();
}
