"use client";
import { useRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { useCopy } from "@/lib/client/use-copy";

/** A fenced code block with a copy button that copies exactly the code's text. */
export function CodeBlock({ children }: { children: ReactNode }) {
  const t = useTranslations("History");
  const pre = useRef<HTMLPreElement>(null);
  const { copied, copy } = useCopy();
  // The code element ends with the fence's newline, which is not part of the code.
  const codeText = () => (pre.current?.textContent ?? "").replace(/\n$/, "");
  return (
    <div className="code-block" data-testid="code-block">
      <button type="button" className="code-block__copy" onClick={() => void copy(codeText())} data-testid="code-copy">
        {copied ? t("copied") : t("copy")}
      </button>
      {/* A long line scrolls sideways: the scroll area takes focus so the keyboard can scroll it too. */}
      <pre ref={pre} tabIndex={0} role="region" aria-label={t("kind.code")}>
        {children}
      </pre>
    </div>
  );
}
