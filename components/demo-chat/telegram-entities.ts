import type { DemoChatEntity } from "@/lib/contracts/demo-chat";
import type { TelegramNode } from "./telegram-markdown";

// A bot message formatted with entities (https://core.telegram.org/bots/api#messageentity) instead of
// parse_mode, as the same tree MarkdownV2 parses into, so one renderer builds React elements from
// both (never raw HTML). Offsets and lengths are UTF-16 code units, which is how JS strings index.
// Entities nest; one that runs past its parent is cut at the parent's end, and spans outside the text
// are dropped. Types without a look of their own (hashtag, cashtag, bot_command, custom_emoji's
// fallback emoji, date_time's text) show as text; a text_mention, which links to a user, as text too.

type Span = { entity: DemoChatEntity; start: number; end: number };

const STYLED: Partial<Record<string, "bold" | "italic" | "underline" | "strike" | "spoiler" | "quote">> = {
  bold: "bold",
  italic: "italic",
  underline: "underline",
  strikethrough: "strike",
  spoiler: "spoiler",
  blockquote: "quote",
  expandable_blockquote: "quote",
};

/** Where a link-like entity leads: its url, or what its text names (safeUrl vets it when rendered). */
function linkOf(type: string, covered: string, url: string | undefined): string | null {
  if (type === "text_link") return url ?? null;
  if (type === "url") return /^[a-z][a-z0-9+.-]*:/i.test(covered) ? covered : `https://${covered}`;
  if (type === "email") return `mailto:${covered}`;
  if (type === "mention") return `https://t.me/${covered.replace(/^@/, "")}`;
  return null;
}

function nodeOf(text: string, span: Span, inner: Span[]): TelegramNode {
  const { entity, start, end } = span;
  const covered = text.slice(start, end);
  if (entity.type === "code") return { type: "code", text: covered };
  if (entity.type === "pre") return { type: "pre", text: covered, language: entity.language ?? null };
  const children = build(text, start, end, inner);
  const styled = STYLED[entity.type];
  if (styled) return { type: styled, children };
  const url = linkOf(entity.type, covered, entity.url);
  return url ? { type: "link", url, children } : { type: "text", text: covered };
}

/** Plain text after the nodes so far; a quote is a block of its own, so the line break after it is not shown again. */
function pushText(nodes: TelegramNode[], plain: string) {
  const shown = nodes.at(-1)?.type === "quote" ? plain.replace(/^\n/, "") : plain;
  if (shown) nodes.push({ type: "text", text: shown });
}

/** The text between `from` and `to` with the spans inside it (sorted: start, then longest first). */
function build(text: string, from: number, to: number, spans: Span[]): TelegramNode[] {
  const nodes: TelegramNode[] = [];
  let at = from;
  let i = 0;
  while (i < spans.length) {
    const outer = spans[i];
    if (outer.start > at) pushText(nodes, text.slice(at, outer.start));
    // Everything starting inside this span belongs to it (cut at its end).
    let j = i + 1;
    const inner: Span[] = [];
    for (; j < spans.length && spans[j].start < outer.end; j++)
      inner.push({ ...spans[j], end: Math.min(spans[j].end, outer.end) });
    nodes.push(nodeOf(text, outer, inner));
    at = outer.end;
    i = j;
  }
  if (at < to) pushText(nodes, text.slice(at, to));
  return nodes;
}

/** The message's text as nodes, formatted by its entities. */
export function entitiesToNodes(text: string, entities: DemoChatEntity[]): TelegramNode[] {
  const spans = entities
    .map((entity) => ({ entity, start: entity.offset, end: Math.min(entity.offset + entity.length, text.length) }))
    .filter((s) => Number.isInteger(s.start) && s.start >= 0 && s.end > s.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  return build(text, 0, text.length, spans);
}
