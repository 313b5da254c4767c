"use client";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeUrl } from "@/lib/client/safe-url";
import { CodeBlock } from "./code-block";

// Raw HTML in an answer stays text (no rehype-raw); URLs pass safeUrl, and a link or image whose URL
// was dropped renders as its text only.
const components: Components = {
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
  // A wide table scrolls sideways (history.css): focusable, so the keyboard can scroll it too.
  table: ({ children }) => <table tabIndex={0}>{children}</table>,
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) =>
    typeof src === "string" && src ? (
      <img src={src} alt={alt ?? ""} loading="lazy" className="markdown-image" />
    ) : (
      <span>{alt}</span>
    ),
};

/** A message's text rendered as Markdown (GitHub flavour: tables, lists, strikethrough, autolinks). */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
