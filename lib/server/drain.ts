import "server-only";

// An instance's drain (docs/operations.md "Draining"): from SIGTERM the production server
// (scripts/server.cjs) sets globalThis.__appDraining, keeps serving for SHUTDOWN_DRAIN_MS while a load
// balancer's health check sees the readiness probe answer 503, and only then stops accepting.

/** Whether this instance is draining: it serves what reaches it, but asks to be sent nothing new. */
export const isDraining = (): boolean => Boolean((globalThis as { __appDraining?: boolean }).__appDraining);
