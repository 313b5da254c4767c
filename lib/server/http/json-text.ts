/**
 * An answer already turned into JSON: what a catalogue cache keeps next to (or instead of) the object, so a
 * call answered from memory does not serialise the same kilobytes again for every request
 * (docs/decisions/0509-catalogue-answers-as-json.md). The type parameter keeps the handler's return checked
 * against the call's response contract; the wrappers in handler.ts send `text` as it is.
 */
export class JsonText<T> {
  declare readonly of: T;
  constructor(readonly text: string) {}
}

export const jsonText = <T>(value: T): JsonText<T> => new JsonText<T>(JSON.stringify(value));

/** The answer as Response.json would send it (same status and content type), from the ready text. */
export const jsonTextResponse = (answer: JsonText<unknown>): Response =>
  new Response(answer.text, { headers: { "content-type": "application/json" } });
