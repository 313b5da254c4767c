import crypto from "node:crypto";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import * as schema from "../../db/schema";
import { seedCatalogue } from "../../db/seed";

declare module "vitest" {
  export interface ProvidedContext {
    testDbPrefix: string;
  }
}

/**
 * With DATABASE_URL (CI, PostgreSQL) one template database is migrated and seeded once per run; every
 * test file then gets a fresh copy of it (see per-file.ts). Names carry a per-run prefix so that
 * several runs on one server never touch each other's databases. Without DATABASE_URL each file
 * uses in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const prefix = `app_test_${crypto.randomBytes(4).toString("hex")}`;
  project.provide("testDbPrefix", prefix);
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const template = `${prefix}_template`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const client = postgres(templateUrl.toString(), { max: 1, onnotice: () => {} });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: "db/migrations" });
  await seedCatalogue(db);
  await client.end();
  await admin.end();
  return async () => {
    const cleanup = postgres(url, { max: 1, onnotice: () => {} });
    const ours = await cleanup<
      { datname: string }[]
    >`select datname from pg_database where datname like ${`${prefix}_%`}`;
    for (const { datname } of ours) await cleanup.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await cleanup.end();
  };
}
