import "server-only";
import { metrics } from "./registry";

// Text turns' timings: started when the turn row is made (lib/server/bot/turns.ts), the first
// reaction when the preview is open, observed again when the turn ends. Kept per process: a turn runs
// in the instance that started it (a handed-over turn starts anew elsewhere).

const started = new Map<number, number>();
const KEPT = 1_000;

export function turnStarted(turnId: number): void {
  // A turn that never ended (a crash) must not stay forever: the oldest goes first.
  if (started.size >= KEPT) started.delete(started.keys().next().value!);
  started.set(turnId, performance.now());
}

export function turnReacted(turnId: number): void {
  const at = started.get(turnId);
  if (at !== undefined) metrics().botFirstReaction.observe((performance.now() - at) / 1000);
}

export function turnEnded(turnId: number, outcome: string): void {
  const at = started.get(turnId);
  if (at === undefined) return;
  started.delete(turnId);
  metrics().botAnswer.observe({ outcome }, (performance.now() - at) / 1000);
}
