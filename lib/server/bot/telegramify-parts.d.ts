// Types for the parts of telegramify-markdown's pipeline that markdown-v2.ts configures once (the
// library types only its entry). Plugins as unified 9 takes them.
declare module "telegramify-markdown/lib/definitions" {
  import type { Plugin } from "telegramify-markdown/node_modules/unified";
  export const collectDefinitions: Plugin<[Record<string, { title: null | string; url: string }>]>;
  export const removeDefinitions: Plugin;
}

declare module "telegramify-markdown/lib/telegramify" {
  /** remark-stringify's options: Telegram's handlers and escapes, references resolved from `definitions`. */
  export default function telegramifyOptions(
    definitions: Record<string, { title: null | string; url: string }>,
    unsupportedTagsStrategy: "escape" | "remove" | "keep",
  ): Record<string, unknown>;
}

declare module "remark-remove-comments" {
  import type { Plugin } from "telegramify-markdown/node_modules/unified";
  const removeComments: Plugin;
  export default removeComments;
}
