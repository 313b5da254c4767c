import { z } from "zod";

// GET /api/metrics: Prometheus' text exposition format behind the METRICS_TOKEN bearer token, never a JSON answer.
export const metricsResponseSchema = z.never();
