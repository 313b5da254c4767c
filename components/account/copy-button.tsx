"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { haptic } from "@/lib/client/host-frame";

const COPIED_MS = 2000;

/** Copies a text; the label reads 'copied' for 2 seconds (SPEC.md section 9). */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const t = useTranslations("Account");
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    await navigator.clipboard.writeText(text).catch(() => {});
    haptic("copy");
    setCopied(true);
  };
  return (
    <button type="button" className="button button--secondary account-copy" data-testid={testId} onClick={() => void copy()}>
      {copied ? t("copied") : t("copy")}
    </button>
  );
}
