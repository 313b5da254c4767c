"use client";
import { useEffect, useState } from "react";
import { haptic } from "@/lib/client/host";

/** docs/product/screens.md: after a copy the button reads "copied" for 2 seconds. */
const COPIED_MS = 2000;

/** Copies a text to the clipboard with the copy haptic; `copied` stays true for two seconds after a copy. */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      haptic("copy");
      setCopied(true);
    } catch (error) {
      // A denied clipboard (insecure context, permissions) leaves the label as it was.
      console.error("Copy failed", error);
      haptic("error");
    }
  };
  return { copied, copy };
}
