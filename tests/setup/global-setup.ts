import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "../../db/schema";
import { seedCatalogue } from "../../db/seed";

export const TEMPLATE_DB = "app_test_template";

/**
 * With DATABASE_URL (CI, PostgreSQL) one template database is migrated and seeded once; every test
 * file then gets a fresh copy of it (see per-file.ts). Without it each file uses in-memory PGlite.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DB}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const client = postgres(templateUrl.toString(), { max: 1, onnotice: () => {} });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: "db/migrations" });
  await seedCatalogue(db);
  await client.end();
  await admin.end();
  return async () => {
    const cleanup = postgres(url, { max: 1, onnotice: () => {} });
    const stale = await cleanup<{ datname: string }[]>`select datname from pg_database where datname like 'app_test_%'`;
    for (const { datname } of stale) await cleanup.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await cleanup.end();
  };
}
