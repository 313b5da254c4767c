// Runs once when the server starts: refuse a half-configured production deployment, then open,
// migrate and seed the database so the first request does not pay for it, then start the jobs.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { assertProductionConfig } = await import("@/lib/env");
  assertProductionConfig();
  const { getDb } = await import("@/db");
  const db = await getDb();
  const { startJobs } = await import("@/lib/server/jobs/scheduler");
  const { jobs } = await import("@/lib/server/jobs/registry");
  startJobs({ db, jobs });
}
