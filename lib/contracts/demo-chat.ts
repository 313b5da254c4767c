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
  message_id: z.number().int().positive().max(2 ** 31 - 1),
});
// Telegram's Stop under a streaming draft (sendMessageDraft with can_stop).
export const demoChatStopBodySchema = z.strictObject({ stop_draft_id: z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1) });
export const demoChatJsonBodySchema = z.union([demoChatTextBodySchema, demoChatCallbackBodySchema, demoChatStopBodySchema]);
export type DemoChatJsonBody = z.infer<typeof demoChatJsonBodySchema>;

// POST /api/demo/chat/updates as multipart/form-data: `file` plus these fields.
export const DEMO_FILE_KINDS = ["photo", "voice", "audio", "document"] as const;
export type DemoFileKind = (typeof DEMO_FILE_KINDS)[number];
export const demoChatFileFieldsSchema = z.strictObject({
  kind: z.enum(DEMO_FILE_KINDS),
  caption: z.string().trim().max(DEMO_CAPTION_MAX).optional(),
  /** Seconds, as the recorder measured them (voice and audio). */
  duration: z.coerce.number().int().min(0).max(24 * 3600).optional(),
});

// GET /api/demo/chat/messages?after=<cursor>: only what changed since the cursor of an earlier answer.
export const demoChatMessagesQuerySchema = z.strictObject({ after: z.string().regex(/^\d{1,20}$/).optional() });

export type DemoChatButton = { text: string; url?: string; web_app?: boolean; callback_data?: string };

export type DemoChatFile = { kind: "photo" | "voice" | "audio" | "document" | "video" | "animation"; url: string; name: string | null; mime_type: string | null };

/**
 * A span of the text the bot formatted with `entities` (or a caption's `caption_entities`) instead of
 * parse_mode: Telegram's MessageEntity, offsets and lengths in UTF-16 code units.
 */
export type DemoChatEntity = { type: string; offset: number; length: number; url?: string; language?: string };

export type DemoChatItem = {
  /** "u<update id>" for the user's messages, "b<message id>" for the bot's. */
  id: string;
  from: "user" | "bot";
  /** Telegram's message id (the bot's messages; callback buttons name it). */
  message_id: number;
  date: string;
  text: string;
  /** The bot's formatting of `text`; null for plain text. */
  parse_mode: string | null;
  /** Formatting given as entities instead of parse_mode; absent when there is none. */
  entities?: DemoChatEntity[];
  file: DemoChatFile | null;
  buttons: DemoChatButton[][];
  /** A callback answer's short notice rather than a message. */
  notice: boolean;
  /** The bot deleted it: the page drops it. */
  deleted: boolean;
};

export type DemoChatMessages = {
  items: DemoChatItem[];
  /** The bot's live draft preview (sendMessageDraft), empty text for "Thinking…". */
  draft: { text: string; parse_mode: string | null; entities?: DemoChatEntity[]; draft_id: number; can_stop: boolean } | null;
  /** Pass as ?after= to get only later changes. */
  cursor: string;
  /** Some of the user's updates are not handled yet: an answer is on its way. */
  waiting: boolean;
};

export type DemoChatSent = { update_id: number };
