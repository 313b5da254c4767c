// Runs once when the server starts: refuse a half-configured production deployment, then open,
// migrate and seed the database and open its pool so the first requests do not pay for it, then start the jobs.
// A database that is down at start-up does not stop the server: requests answer 503 meanwhile
// (health included), and the opening is retried until it succeeds.
const RETRY_MS = 2000;

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { assertProductionConfig, env } = await import("@/lib/env");
  assertProductionConfig();
  const { rootLogger } = await import("@/lib/server/log");
  const { getDb, openPoolConnections } = await import("@/db");
  // JOBS_IN_PROCESS=false: a host's scheduler runs the jobs through POST /api/jobs/{name} instead.
  const runJobs = env.JOBS_IN_PROCESS === "true";
  const open = async (): Promise<void> => {
    try {
      const db = await getDb();
      // A full pool before the first burst; a server that refuses some connections is not a reason to stop.
      await openPoolConnections().catch((error) =>
        rootLogger.warn({ error: (error as Error).message }, "database pool not fully opened at start"),
      );
      if (!runJobs) return;
      const { startJobs } = await import("@/lib/server/jobs/scheduler");
      const { jobs } = await import("@/lib/server/jobs/registry");
      startJobs({ db, jobs });
    } catch (error) {
      rootLogger.error(
        { error: (error as Error).message, retryInMs: RETRY_MS },
        "database unavailable at start, retrying",
      );
      setTimeout(() => void open(), RETRY_MS).unref();
    }
  };
  // The database starts opening before the other modules load: the embedded one spends about a
  // second in WebAssembly, which then overlaps the loading.
  const opened = open();
  // Production without a model endpoint still serves the mini-app; the bot cannot answer, so say it now.
  (await import("@/lib/server/ai/provider")).checkAiConfig((msg) => rootLogger.error(msg));
  await opened;
}
