"use client";
import { useTranslations } from "next-intl";
import { useCopy } from "@/lib/client/use-copy";

/** Copies a text; the label reads 'copied' for 2 seconds (docs/product/screens.md). */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const t = useTranslations("Account");
  const { copied, copy } = useCopy();
  return (
    <button
      type="button"
      className="button button--secondary account-copy"
      data-testid={testId}
      onClick={() => void copy(text)}
    >
      {copied ? t("copied") : t("copy")}
    </button>
  );
}
