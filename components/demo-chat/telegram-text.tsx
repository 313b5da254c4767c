"use client";
import type { ReactNode } from "react";
import type { DemoChatEntity } from "@/lib/contracts/demo-chat";
import { safeUrl } from "@/lib/client/safe-url";
import { parseMarkdownV2, type TelegramNode } from "./telegram-markdown";
import { entitiesToNodes } from "./telegram-entities";

// A bot message's text as the messenger shows it: MarkdownV2, or entities sent instead of a
// parse_mode, as elements (never raw HTML), links only through safeUrl; plain text, or formatting
// Telegram would have refused, as it is.

function render(nodes: TelegramNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case "text":
        // A code block ends its own line; the newline after its closing ``` would add one more.
        return nodes[i - 1]?.type === "pre" ? node.text.replace(/^\n/, "") : node.text;
      case "bold":
        return <strong key={i}>{render(node.children)}</strong>;
      case "italic":
        return <em key={i}>{render(node.children)}</em>;
      case "underline":
        return <u key={i}>{render(node.children)}</u>;
      case "strike":
        return <s key={i}>{render(node.children)}</s>;
      case "spoiler":
        return (
          <span key={i} className="tg-spoiler" tabIndex={0}>
            {render(node.children)}
          </span>
        );
      case "quote":
        return <blockquote key={i}>{render(node.children)}</blockquote>;
      case "code":
        return <code key={i}>{node.text}</code>;
      case "pre":
        return (
          <pre key={i} data-language={node.language ?? undefined}>
            <code>{node.text}</code>
          </pre>
        );
      case "link": {
        const href = safeUrl(node.url);
        return href ? (
          <a key={i} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {render(node.children)}
          </a>
        ) : (
          <span key={i}>{render(node.children)}</span>
        );
      }
    }
  });
}

export function TelegramText({
  text,
  parseMode,
  entities,
}: {
  text: string;
  parseMode: string | null;
  entities?: DemoChatEntity[];
}) {
  const nodes =
    parseMode === "MarkdownV2" ? parseMarkdownV2(text) : entities?.length ? entitiesToNodes(text, entities) : null;
  return <div className="tg-text">{nodes ? render(nodes) : text}</div>;
}
