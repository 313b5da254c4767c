"use client";

/**
 * Runs `fn` once the browser has painted the frame being prepared: a frame callback runs just before
 * that paint, and a task queued from it runs after it. Answers a function that cancels it.
 */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(fn, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
