import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import catalogLoader from "next-intl/extractor/catalogLoader";
import { _createCache, _createIntlFormatters, createTranslator, type AbstractIntlMessages } from "use-intl/core";
import formatCompiled from "use-intl/format-message/format-only";
import { describe, expect, it } from "vitest";
import { COMPACT_FORMAT, MONEY_FORMAT } from "@/lib/shared/format";
import { LOCALES, type Locale } from "@/lib/i18n/locale";

// The built app compiles messages/*.json with next-intl's loader and formats them without the ICU
// parser (next.config.ts); the unit tests, the benches and the scripts format the files as written.
// Both must say the same: every message of both languages, with its plural counts, select cases and
// tags, through the build's own loader on one side and the parser on the other.

type Messages = { [key: string]: unknown };
const FORMATS = { number: { money: MONEY_FORMAT, compact: COMPACT_FORMAT } };
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 1234.5];

/** A messages file as the build's loader (next-intl/extractor/catalogLoader) turns it into a module. */
function compiledFile(locale: Locale): Promise<Messages> {
  const file = path.resolve("messages", `${locale}.json`);
  return new Promise((resolve, reject) => {
    const context = {
      getOptions: () => ({ messages: { format: "json" as const, precompile: true } }),
      async: () => (error: Error | null, module?: string) =>
        error
          ? reject(error)
          : resolve(JSON.parse(JSON.parse(/^export default JSON\.parse\((.*)\);$/s.exec(module!)![1]))),
      resourcePath: file,
      rootContext: process.cwd(),
    };
    catalogLoader.call(context as unknown as ThisParameterType<typeof catalogLoader>, fs.readFileSync(file, "utf8"));
  });
}

const leaves = (o: Messages, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === "string" ? [`${prefix}${k}`] : leaves(v as Messages, `${prefix}${k}.`),
  );

/** The values that exercise a message: one set per count, each select on a case of its own in turn. */
function valueSets(message: string): Record<string, unknown>[] {
  const numbers = new Set<string>();
  const texts = new Set<string>();
  const tags = new Set<string>();
  const cases = new Map<string, string[]>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.argument) texts.add(e.value);
      else if (e.type === TYPE.number) numbers.add(e.value);
      else if (e.type === TYPE.plural) {
        numbers.add(e.value);
        Object.values(e.options).forEach((o) => walk(o.value));
      } else if (e.type === TYPE.select) {
        cases.set(e.value, Object.keys(e.options));
        Object.values(e.options).forEach((o) => walk(o.value));
      } else if (e.type === TYPE.tag) {
        tags.add(e.value);
        walk(e.children);
      }
    }
  };
  walk(parse(message));
  const sets = Math.max(COUNTS.length, ...[...cases.values()].map((c) => c.length));
  return Array.from({ length: sets }, (_, i) => ({
    ...Object.fromEntries([...texts].map((name) => [name, `«${name}»`])),
    ...Object.fromEntries([...numbers].map((name) => [name, COUNTS[i % COUNTS.length]])),
    ...Object.fromEntries([...cases].map(([name, keys]) => [name, keys[i % keys.length]])),
    ...Object.fromEntries(
      [...tags].map((name) => [name, (chunks: string[]) => `<${name}>${chunks.join("")}</${name}>`]),
    ),
  }));
}

describe.each(LOCALES)("%s messages, compiled as the build does", (locale) => {
  it("format as the parser formats them", async () => {
    const written = JSON.parse(fs.readFileSync(path.resolve("messages", `${locale}.json`), "utf8")) as Messages;
    const compiled = await compiledFile(locale);
    const parsed = createTranslator({
      locale,
      messages: written as AbstractIntlMessages,
      formats: FORMATS,
      timeZone: "UTC",
      onError: (error) => {
        throw error;
      },
    });
    const cache = _createCache();
    const options = {
      cache,
      formatters: _createIntlFormatters(cache),
      globalFormats: FORMATS,
      locale,
      timeZone: "UTC",
    };
    const at = (tree: Messages, key: string) =>
      key.split(".").reduce<unknown>((node, part) => (node as Messages)[part], tree);
    const differences = leaves(written).flatMap((key) =>
      valueSets(at(written, key) as string).flatMap((values) => {
        // t.markup takes every message (tags as functions of strings) and returns a string.
        const expected = parsed.markup(key as never, values as never);
        const actual = formatCompiled(key, at(compiled, key) as never, values as never, options);
        return actual === expected ? [] : [{ key, values, expected, actual }];
      }),
    );
    expect(differences).toEqual([]);
  });
});
