import "server-only";

/**
 * One value per process, however many copies of the calling module the bundler made: Next bundles
 * the route handlers and the instrumentation hook (where the jobs run) apart, so a module-level
 * registry seen by the webhook would not be the one the bot-updates worker fills. Kept on globalThis
 * under a registered symbol, like the database handle (db/index.ts).
 */
export function processWide<T>(name: string, make: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`app.processWide.${name}`);
  return (store[key] ??= make());
}
