"use client";
import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";

/** Success and error notices disappear after 5 seconds (docs/product/screens.md). */
export const NOTICE_MS = 5000;

// A notice the app words itself is kept as its message key and translated when shown, so it follows a
// language switch while it is on screen; a server's own wording is kept as text.
type NoticeKey = "Account.autoPayOff" | "Account.autoPayError" | "Account.activationFailed" | "ReferralCode.activated";
export type Notice = { kind: "success" | "error" } & ({ key: NoticeKey } | { text: string });

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
  const t = useTranslations();
  if (!notice) return null;
  return (
    <p
      className={`account-notice account-notice--${notice.kind}`}
      role="status"
      data-testid={`account-notice-${notice.kind}`}
    >
      {"key" in notice ? t(notice.key) : notice.text}
    </p>
  );
}
