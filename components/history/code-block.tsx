"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { haptic } from "@/lib/client/host-frame";

const COPIED_NOTICE_MS = 2000;

/** A fenced code block with a copy button that copies exactly the code's text. */
export function CodeBlock({ children }: { children: ReactNode }) {
  const t = useTranslations("History");
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    // The code element ends with the fence's newline, which is not part of the code.
    const text = (pre.current?.textContent ?? "").replace(/\n$/, "");
    try {
      await navigator.clipboard.writeText(text);
      haptic("copy");
      setCopied(true);
    } catch (error) {
      console.error("Copy failed", error);
    }
  };
  return (
    <div className="code-block" data-testid="code-block">
      <button type="button" className="code-block__copy" onClick={() => void copy()} data-testid="code-copy">
        {copied ? t("copied") : t("copy")}
      </button>
      <pre ref={pre}>{children}</pre>
    </div>
  );
}
