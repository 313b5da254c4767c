import "server-only";
import type { Job } from "./scheduler";

// Every background job of the app, started once at server start (instrumentation.ts).
export const jobs: Job[] = [];
