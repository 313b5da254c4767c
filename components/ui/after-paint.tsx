"use client";
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { afterNextPaint } from "@/lib/client/after-paint";

/**
 * Shows `placeholder` in the first frame and `children` once that frame is painted. A lazy component
 * inside then starts loading after the first paint instead of before it: the parts of the first screen
 * that show data (which waits for sign-in anyway) keep their code, and TanStack Query's observers, out
 * of the scripts the greeting waits for (docs/decisions/0440-data-after-the-first-paint.md).
 */
export function AfterPaint({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
