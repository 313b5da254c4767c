import type { MessageKeys, NestedKeyOf } from "next-intl";

/** The dotted keys of a message tree that name one message (not a group of them). */
type MessageKey<Tree> = MessageKeys<Tree, NestedKeyOf<Tree>>;

/**
 * Whether a dotted path of a tree of messages names one message: a string, or in the built app,
 * where the messages are compiled (next.config.ts), a string or an array.
 */
function namesMessage(tree: object, path: readonly string[]): boolean {
  let node: unknown = tree;
  for (const part of path)
    node =
      node !== null && typeof node === "object" && Object.hasOwn(node, part)
        ? (node as Record<string, unknown>)[part]
        : undefined;
  return typeof node === "string" || Array.isArray(node);
}

/**
 * Whether a key that comes from data (a package's text id, a tariff's name) names a message of
 * `tree` (one namespace of the messages): then `t` of that namespace takes it, still type-checked.
 */
export const isMessageKey = <Tree extends object>(tree: Tree, key: string): key is MessageKey<Tree> & string =>
  namesMessage(tree, key.split("."));
