import "server-only";
import { redeemPromoCode } from "@/lib/server/promo/redeem";
import { eq } from "drizzle-orm";
import { Bot, type Context } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Db } from "@/db";
import { users, type User } from "@/db/schema";
import { env } from "@/lib/env";
import { getSecrets } from "@/lib/server/auth/secrets";
import { applyStarsPayment } from "@/lib/server/payments/providers/stars/webhook";
import { activateReferralCode, REFERRAL_START_PREFIX } from "@/lib/server/referral/codes";
import { translatorFor } from "@/lib/server/translator";
import { upsertTelegramUser } from "@/lib/server/users";
import { botText } from "./bot-text";
import { handleFileMessage, handleTextMessage } from "./actions/router";
import { toggleVoiceAnswers, VOICE_PREFIX } from "./actions/spoken-answer";
import { webAppKeyboard } from "./replies";
import { botClientOptions, prepareBotApi } from "./telegram-api";
import { honourTelegramLimits } from "./telegram-limits";
import { senderWithSession, type ActiveSession, type Sender } from "./session";
import type { ContextRow } from "./context";
import { MODELS_PREFIX, SET_MODEL_PREFIX } from "./model-choice";
import {
  listModelsForSession,
  listModelsForTurn,
  rerunWithModel,
  retryTurn,
  setSessionModel,
  startNewSession,
} from "./steering";
import { OTHER_MODEL_PREFIX, RERUN_PREFIX, RETRY_PREFIX } from "./turn-preview";
import { log } from "@/lib/server/log";

// The bot's update handling (grammY). Updates arrive from the bot-updates worker through
// bot.handleUpdate, never by long polling; bot info comes from the settings so no getMe is needed.

/**
 * `appSession`: the sender's active session, read with them (the message handlers' first need);
 * `appTextLeft`: their text balance read with them, null when it is to be read (a text turn's gate);
 * `appLatest`: a text message's session's latest messages, read with them (the turn's context).
 */
type BotContext = Context & {
  appUser: User;
  appSession: ActiveSession | null;
  appTextLeft: number | null;
  appLatest?: ContextRow[];
};

/** The sender as an app user with their active session, created like at login when they write before opening the mini-app. */
async function senderUser({
  db,
  from,
  withLatest,
}: {
  db: Db;
  from: NonNullable<Context["from"]>;
  withLatest: boolean;
}): Promise<Sender> {
  const existing = await senderWithSession({ db, telegramId: from.id, withLatest });
  const sender = existing ?? {
    user: await upsertTelegramUser({
      db,
      tg: {
        id: from.id,
        firstName: from.first_name,
        lastName: from.last_name,
        username: from.username,
        languageCode: from.language_code,
        isPremium: from.is_premium,
        isBot: from.is_bot,
      },
    }),
    active: null,
    textLeft: null,
  };
  // They wrote to the bot, so it may write to them again (the outbox stops after a 403).
  if (sender.user.botBlockedAt) await db.update(users).set({ botBlockedAt: null }).where(eq(users.id, sender.user.id));
  return sender;
}

export function createBot({ db }: { db: Db }): Bot<BotContext> {
  const botInfo: UserFromGetMe = {
    id: Number(getSecrets().botToken.split(":")[0]) || 1,
    is_bot: true,
    first_name: env.BOT_USERNAME,
    username: env.BOT_USERNAME,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: true,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
  } as UserFromGetMe;
  const bot = new Bot<BotContext>(getSecrets().botToken, { botInfo, client: botClientOptions() });
  prepareBotApi(bot.api, { db });
  bot.api.config.use(honourTelegramLimits(db));

  bot.on("message:successful_payment", async (ctx) => {
    await applyStarsPayment({ db, paid: ctx.message.successful_payment, payerTelegramId: ctx.from.id });
  });
  // The first reaction ("typing") went out from the webhook already (webhook.ts), before the update was stored.
  bot.use(async (ctx, next) => {
    if (!ctx.from || ctx.from.is_bot) return;
    // A text that is not a command goes to a turn, which needs the dialogue's latest messages next.
    const text = ctx.message?.text;
    ({
      user: ctx.appUser,
      active: ctx.appSession,
      textLeft: ctx.appTextLeft,
      latest: ctx.appLatest,
    } = await senderUser({ db, from: ctx.from, withLatest: Boolean(text && !text.startsWith("/")) }));
    // An operator blocked them (docs/product/console.md#users): a refusal, and nothing else runs.
    if (ctx.appUser.blockedAt) {
      if (ctx.chat) await ctx.reply(translatorFor(ctx.appUser.language, "admin.blockedUser")("bot"));
      return;
    }
    await next();
  });
  bot.command("start", async (ctx) => {
    // The start parameter (t.me/<bot>?start=<param>) reaches the referral hook here.
    const param = ctx.match.trim();
    if (param.startsWith(REFERRAL_START_PREFIX))
      await applyStartReferral({ db, user: ctx.appUser, code: param.slice(REFERRAL_START_PREFIX.length) });
    // /start promo_<code>: the promo code is redeemed and the bot says how it went, then greets.
    if (param.startsWith(PROMO_START_PREFIX))
      await ctx.reply(
        (await redeemPromoCode({ db, user: ctx.appUser, code: param.slice(PROMO_START_PREFIX.length) })).message,
      );
    await ctx.reply(botText(ctx.appUser.language)("greeting", { name: ctx.from?.first_name ?? "" }), {
      reply_markup: webAppKeyboard(ctx.appUser.language),
    });
  });
  bot.command("promo", async (ctx) => {
    const code = ctx.match.trim();
    if (!code) return void (await ctx.reply(translatorFor(ctx.appUser.language, "Promo")("usage")));
    await ctx.reply((await redeemPromoCode({ db, user: ctx.appUser, code })).message);
  });
  bot.command("model", (ctx) => listModelsForSession({ ctx, db, user: ctx.appUser }));
  bot.command("new", (ctx) => startNewSession({ ctx, db, user: ctx.appUser }));
  bot.command("voice", (ctx) => toggleVoiceAnswers({ ctx, db, user: ctx.appUser }));
  bot.on("message:text", (ctx) =>
    handleTextMessage({
      ctx,
      db,
      user: ctx.appUser,
      active: ctx.appSession,
      textLeft: ctx.appTextLeft,
      latest: ctx.appLatest,
      text: ctx.message.text,
    }),
  );
  bot.on(
    ["message:photo", "message:voice", "message:audio", "message:video", "message:video_note", "message:document"],
    (ctx) => handleFileMessage({ ctx, db, user: ctx.appUser, active: ctx.appSession, message: ctx.message }),
  );
  // Retry and Other model under a failed turn's apology (turn-preview.ts), the model choice (steering.ts);
  // Stop is answered in the webhook itself (turn-controls.ts).
  bot.callbackQuery(new RegExp(`^${RETRY_PREFIX}(\\d+)$`), (ctx) =>
    retryTurn({ ctx, db, user: ctx.appUser, turnId: Number(ctx.match[1]) }),
  );
  bot.callbackQuery(new RegExp(`^${OTHER_MODEL_PREFIX}(\\d+)$`), (ctx) =>
    listModelsForTurn({ ctx, db, user: ctx.appUser, turnId: Number(ctx.match[1]) }),
  );
  bot.callbackQuery(new RegExp(`^${RERUN_PREFIX}(\\d+):(\\d+)$`), (ctx) =>
    rerunWithModel({ ctx, db, user: ctx.appUser, turnId: Number(ctx.match[1]), modelId: Number(ctx.match[2]) }),
  );
  bot.callbackQuery(MODELS_PREFIX, (ctx) => listModelsForSession({ ctx, db, user: ctx.appUser }));
  bot.callbackQuery(new RegExp(`^${VOICE_PREFIX}(\\d+)$`), (ctx) =>
    toggleVoiceAnswers({ ctx, db, user: ctx.appUser, sessionId: Number(ctx.match[1]) }),
  );
  bot.callbackQuery(new RegExp(`^${SET_MODEL_PREFIX}(\\d+):(\\d+)$`), (ctx) =>
    setSessionModel({ ctx, db, user: ctx.appUser, sessionId: Number(ctx.match[1]), modelId: Number(ctx.match[2]) }),
  );
  bot.on("message", (ctx) => ctx.reply(botText(ctx.appUser.language)("actionNotSupported")));
  return bot;
}

/** The start parameter of a promo code's link: t.me/<bot>?start=promo_<code>. */
const PROMO_START_PREFIX = "promo_";

/** /start ref_<code> applies the code like the app's activate call; a refused code changes nothing and is only logged. */
async function applyStartReferral({ db, user, code }: { db: Db; user: User; code: string }): Promise<void> {
  await activateReferralCode({ db, user, code }).catch((error) =>
    log().info(`[bot] referral code ${code} not applied: ${(error as Error).message}`),
  );
}
