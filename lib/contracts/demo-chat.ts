import { z } from "zod";

// The demo chat (demo mode only): the page that stands in for the bot chat in a plain browser.

/** Telegram's limits: a message's text, a caption, callback data. */
export const DEMO_TEXT_MAX = 4096;
export const DEMO_CAPTION_MAX = 1024;
const CALLBACK_DATA_MAX = 64;

// POST /api/demo/chat/updates as JSON: a text message, a press of an inline button, or Stop.
export const demoChatTextBodySchema = z.strictObject({ text: z.string().trim().min(1).max(DEMO_TEXT_MAX) });
export const demoChatCallbackBodySchema = z.strictObject({
  callback_data: z.string().min(1).max(CALLBACK_DATA_MAX),
  message_id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
// Telegram's Stop under a streaming draft (sendMessageDraft with can_stop).
export const demoChatStopBodySchema = z.strictObject({
  stop_draft_id: z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1),
});
export const demoChatJsonBodySchema = z.union([
  demoChatTextBodySchema,
  demoChatCallbackBodySchema,
  demoChatStopBodySchema,
]);
export type DemoChatJsonBody = z.infer<typeof demoChatJsonBodySchema>;

// POST /api/demo/chat/updates as multipart/form-data: `file` plus these fields.
export const DEMO_FILE_KINDS = ["photo", "voice", "audio", "document"] as const;
export type DemoFileKind = (typeof DEMO_FILE_KINDS)[number];
export const demoChatFileFieldsSchema = z.strictObject({
  kind: z.enum(DEMO_FILE_KINDS),
  caption: z.string().trim().max(DEMO_CAPTION_MAX).optional(),
  /** Seconds, as the recorder measured them (voice and audio). */
  duration: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .optional(),
});

// GET /api/demo/chat/messages?after=<cursor>: only what changed since the cursor of an earlier answer.
export const demoChatMessagesQuerySchema = z.strictObject({
  after: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
});

const demoChatButtonSchema = z.object({
  text: z.string(),
  url: z.string().optional(),
  web_app: z.boolean().optional(),
  callback_data: z.string().optional(),
});
export type DemoChatButton = z.infer<typeof demoChatButtonSchema>;

const demoChatFileSchema = z.object({
  kind: z.enum(["photo", "voice", "audio", "document", "video", "animation"]),
  url: z.string(),
  name: z.string().nullable(),
  mime_type: z.string().nullable(),
});
export type DemoChatFile = z.infer<typeof demoChatFileSchema>;

/**
 * A span of the text the bot formatted with `entities` (or a caption's `caption_entities`) instead of
 * parse_mode: Telegram's MessageEntity, offsets and lengths in UTF-16 code units.
 */
const demoChatEntitySchema = z.object({
  type: z.string(),
  offset: z.number(),
  length: z.number(),
  url: z.string().optional(),
  language: z.string().optional(),
});
export type DemoChatEntity = z.infer<typeof demoChatEntitySchema>;

const demoChatItemSchema = z.object({
  /** "u<update id>" for the user's messages, "b<message id>" for the bot's. */
  id: z.string(),
  from: z.enum(["user", "bot"]),
  /** Telegram's message id (the bot's messages; callback buttons name it). */
  message_id: z.number(),
  date: z.string(),
  text: z.string(),
  /** The bot's formatting of `text`; null for plain text. */
  parse_mode: z.string().nullable(),
  /** Formatting given as entities instead of parse_mode; absent when there is none. */
  entities: z.array(demoChatEntitySchema).optional(),
  file: demoChatFileSchema.nullable(),
  buttons: z.array(z.array(demoChatButtonSchema)),
  /** A callback answer's short notice rather than a message. */
  notice: z.boolean(),
  /** The bot deleted it: the page drops it. */
  deleted: z.boolean(),
});
export type DemoChatItem = z.infer<typeof demoChatItemSchema>;

export const demoChatMessagesResponseSchema = z.object({
  items: z.array(demoChatItemSchema),
  /** The bot's live draft preview (sendMessageDraft), empty text for "Thinking…". */
  draft: z
    .object({
      text: z.string(),
      parse_mode: z.string().nullable(),
      entities: z.array(demoChatEntitySchema).optional(),
      draft_id: z.number(),
      can_stop: z.boolean(),
    })
    .nullable(),
  /** Pass as ?after= to get only later changes. */
  cursor: z.string(),
  /** Some of the user's updates are not handled yet: an answer is on its way. */
  waiting: z.boolean(),
});
export type DemoChatMessages = z.infer<typeof demoChatMessagesResponseSchema>;

// POST /api/demo/chat/updates: the stored update's id.
export const demoChatUpdateResponseSchema = z.object({ update_id: z.number() });
export type DemoChatSent = z.infer<typeof demoChatUpdateResponseSchema>;
