import unified from "telegramify-markdown/node_modules/unified";
import parse from "telegramify-markdown/node_modules/remark-parse";
import gfm from "telegramify-markdown/node_modules/remark-gfm";
import stringify from "telegramify-markdown/node_modules/remark-stringify";
import removeComments from "remark-remove-comments";
import { collectDefinitions, removeDefinitions } from "telegramify-markdown/lib/definitions";
import telegramifyOptions from "telegramify-markdown/lib/telegramify";

// The model's Markdown as Telegram MarkdownV2: telegramify-markdown's own pipeline (lib/convert.js of the
// version the lockfile pins, with its own copies of unified and remark), configured once for the process
// instead of on every call as the library's entry does, which took half of a conversion's time
// (docs/decisions/0507-chat-turn-cpu-cut-to-the-floor.md). Its plugins are the library's, in its order;
// tests/unit/markdown-v2.test.ts holds the output to the library's own.

// A document's link definitions ([id]: url), collected by the pipeline for its references. Conversion
// is synchronous, so one record serves every call, emptied before each.
const definitions: Record<string, { title: null | string; url: string }> = {};

const processor = unified()
  .use(parse)
  .use(gfm)
  .use(removeComments)
  .use(collectDefinitions, definitions)
  .use(removeDefinitions)
  .use(stringify, telegramifyOptions(definitions, "escape"))
  .freeze();

/** `markdown` converted to MarkdownV2, reserved characters of unsupported tags escaped (the library's "escape"). */
export function toMarkdownV2(markdown: string): string {
  for (const id of Object.keys(definitions)) delete definitions[id];
  return processor
    .processSync(markdown)
    .toString()
    .replace(/<!---->\n/gi, "");
}
