import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { entitiesToNodes } from "@/components/demo-chat/telegram-entities";
import { TelegramText } from "@/components/demo-chat/telegram-text";
import type { DemoChatEntity } from "@/lib/contracts/demo-chat";

// Bot messages formatted with entities (Bot API MessageEntity) instead of parse_mode, as the demo chat
// shows them: React elements, never the text as HTML, links only through safeUrl.
const html = (text: string, entities: DemoChatEntity[]) =>
  renderToStaticMarkup(createElement(TelegramText, { text, parseMode: null, entities }));

describe("entities in the demo chat", () => {
  it("turns styles, code, pre and links into a nested tree; text between them stays", () => {
    const text = "Hi bold italic end x=1\nblock";
    expect(
      entitiesToNodes(text, [
        { type: "bold", offset: 3, length: 11 },
        { type: "italic", offset: 8, length: 6 },
        { type: "code", offset: 19, length: 3 },
        { type: "pre", offset: 23, length: 5, language: "ts" },
      ]),
    ).toEqual([
      { type: "text", text: "Hi " },
      {
        type: "bold",
        children: [
          { type: "text", text: "bold " },
          { type: "italic", children: [{ type: "text", text: "italic" }] },
        ],
      },
      { type: "text", text: " end " },
      { type: "code", text: "x=1" },
      { type: "text", text: "\n" },
      { type: "pre", text: "block", language: "ts" },
    ]);
  });

  it("renders every formatting type Telegram has", () => {
    const text = "b i u s sp q eq c https://a.example link me@x.org @ann #tag 🙂";
    const at = (part: string) => text.indexOf(part);
    const entities: DemoChatEntity[] = [
      { type: "bold", offset: at("b "), length: 1 },
      { type: "italic", offset: at("i "), length: 1 },
      { type: "underline", offset: at("u "), length: 1 },
      { type: "strikethrough", offset: at("s "), length: 1 },
      { type: "spoiler", offset: at("sp"), length: 2 },
      { type: "blockquote", offset: at("q "), length: 1 },
      { type: "expandable_blockquote", offset: at("eq"), length: 2 },
      { type: "code", offset: at("c "), length: 1 },
      { type: "url", offset: at("https"), length: "https://a.example".length },
      { type: "text_link", offset: at("link"), length: 4, url: "https://b.example/" },
      { type: "email", offset: at("me@"), length: "me@x.org".length },
      { type: "mention", offset: at("@ann"), length: 4 },
      { type: "hashtag", offset: at("#tag"), length: 4 },
      // An emoji is two UTF-16 code units, as the Bot API counts.
      { type: "custom_emoji", offset: at("🙂"), length: 2 },
    ];
    expect(html(text, entities)).toBe(
      '<div class="tg-text"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <span class="tg-spoiler" tabindex="0">sp</span> <blockquote>q</blockquote> <blockquote>eq</blockquote> <code>c</code> ' +
        '<a href="https://a.example" target="_blank" rel="noopener noreferrer nofollow">https://a.example</a> ' +
        '<a href="https://b.example/" target="_blank" rel="noopener noreferrer nofollow">link</a> ' +
        '<a href="mailto:me@x.org" target="_blank" rel="noopener noreferrer nofollow">me@x.org</a> ' +
        '<a href="https://t.me/ann" target="_blank" rel="noopener noreferrer nofollow">@ann</a> #tag 🙂</div>',
    );
  });

  it("a quote is its own block: the line break right after it is not shown twice", () => {
    expect(entitiesToNodes("Quote\nafter", [{ type: "blockquote", offset: 0, length: 5 }])).toEqual([
      { type: "quote", children: [{ type: "text", text: "Quote" }] },
      { type: "text", text: "after" },
    ]);
  });

  it("offsets count UTF-16 code units: formatting after an emoji lands on the right letters", () => {
    expect(html("🚀 go now", [{ type: "bold", offset: 3, length: 2 }])).toBe(
      '<div class="tg-text">🚀 <strong>go</strong> now</div>',
    );
  });

  it("is safe: markup in the text stays text, a javascript: link is no link, broken spans are dropped or cut", () => {
    expect(
      html("<img src=x onerror=alert(1)> click", [
        { type: "text_link", offset: 29, length: 5, url: "javascript:alert(1)" },
      ]),
    ).toBe('<div class="tg-text">&lt;img src=x onerror=alert(1)&gt; <span>click</span></div>');
    // Past the end, negative, empty: ignored; an inner entity running past its parent is cut at the parent's end.
    expect(
      entitiesToNodes("abcdef", [
        { type: "bold", offset: 0, length: 3 },
        { type: "italic", offset: 2, length: 4 },
        { type: "code", offset: -1, length: 2 },
        { type: "underline", offset: 4, length: 0 },
        { type: "strikethrough", offset: 9, length: 2 },
      ]),
    ).toEqual([
      {
        type: "bold",
        children: [
          { type: "text", text: "ab" },
          { type: "italic", children: [{ type: "text", text: "c" }] },
        ],
      },
      { type: "text", text: "def" },
    ]);
  });

  it("MarkdownV2 still wins when parse_mode is set, and plain text without either shows as it is", () => {
    expect(
      renderToStaticMarkup(
        createElement(TelegramText, {
          text: "*x*",
          parseMode: "MarkdownV2",
          entities: [{ type: "italic", offset: 0, length: 3 }],
        }),
      ),
    ).toBe('<div class="tg-text"><strong>x</strong></div>');
    expect(renderToStaticMarkup(createElement(TelegramText, { text: "*x*", parseMode: null }))).toBe(
      '<div class="tg-text">*x*</div>',
    );
  });
});
