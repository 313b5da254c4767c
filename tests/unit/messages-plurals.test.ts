import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";

type Messages = { [key: string]: string | Messages };

const leaves = (o: Messages, prefix = ""): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === "object" ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]],
  );

// A number placed before a counted noun needs plural forms ("1 message", "2 messages"; in Russian three
// forms), so it must be an ICU plural. Counted nouns are found in the English text: a plain or number
// placeholder followed by a word (or an adjective and a word) in the plural. The Russian file is held
// to the same placeholder types by tests/unit/messages.test.ts.
const VERBS = new Set(["was", "has", "does", "is", "comes", "goes", "takes", "ends", "answers"]);
const PREPOSITIONS = new Set(["in", "of", "for", "to", "on", "at", "by"]);

/** The placeholders of a message that stand before a counted noun without plural forms. */
function countsWithoutPlural(message: string): string[] {
  const elements = parse(message);
  const text = (es: MessageFormatElement[]): string =>
    es
      .map((e) => {
        if (e.type === TYPE.literal) return e.value;
        if (e.type === TYPE.argument || e.type === TYPE.number) return `{${e.value}}`;
        if (e.type === TYPE.tag) return text(e.children);
        // Inside a plural or select each branch stands on its own; a plural's # is counted already.
        if (e.type === TYPE.plural || e.type === TYPE.select)
          return ` ${Object.values(e.options)
            .map((o) => text(o.value))
            .join(" | ")} `;
        return " ";
      })
      .join("");
  return [...text(elements).matchAll(/\{(\w+)\} (?:([a-z]+) )?([a-z]{3,}s)\b/g)]
    .filter((m) => !VERBS.has(m[3]) && !PREPOSITIONS.has(m[2]))
    .map((m) => m[1]);
}

describe("counts in messages", () => {
  it("every number before a counted noun has plural forms", () => {
    const missing = leaves(en as Messages)
      .map(([key, message]) => [key, countsWithoutPlural(message)] as const)
      .filter(([, names]) => names.length > 0);
    expect(missing).toEqual([]);
  });
  it("sees a bare count and accepts a plural", () => {
    expect(countsWithoutPlural("the dialogue has {count} messages so far")).toEqual(["count"]);
    expect(countsWithoutPlural("This costs {spent} image units")).toEqual(["spent"]);
    expect(countsWithoutPlural("{count, plural, one {# message} other {# messages}}")).toEqual([]);
    expect(countsWithoutPlural("{model} is ready")).toEqual([]);
  });
});
