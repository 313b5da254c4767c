"use client";
import { useCallback, useEffect, useState } from "react";

/** Success and error notices disappear after 5 seconds (docs/product/screens.md). */
export const NOTICE_MS = 5000;

export type Notice = { kind: "success" | "error"; text: string };

export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const show = useCallback((next: Notice) => setNotice(next), []);
  return { notice, show };
}

export function NoticeLine({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <p className={`account-notice account-notice--${notice.kind}`} role="status" data-testid={`account-notice-${notice.kind}`}>
      {notice.text}
    </p>
  );
}
