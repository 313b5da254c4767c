#!/usr/bin/env node
// `npm run bot:webhook` registers the Telegram webhook (POST <PUBLIC_URL>/api/telegram/webhook, with
// TELEGRAM_WEBHOOK_SECRET as its secret token and the updates the bot handles) and sets the bot's
// menu button to open the mini-app and the command menu (/model, /new) in Russian and English.
// `npm run bot:webhook -- --delete` removes the webhook.
// Needs BOT_TOKEN, PUBLIC_URL (https) and TELEGRAM_WEBHOOK_SECRET; BOT_API_BASE_URL is optional.

import fs from "node:fs";

// stopped_message_generation: the Stop button Telegram shows on a streamed draft (sendMessageDraft can_stop).
const ALLOWED_UPDATES = [
  "message",
  "edited_message",
  "callback_query",
  "pre_checkout_query",
  "stopped_message_generation",
];

function setting(name, { required = true } = {}) {
  const value = process.env[name];
  if (required && !value) {
    console.error(`bot:webhook needs ${name}. Set it in the environment (see README "Production").`);
    process.exit(1);
  }
  return value;
}

async function botCall(method, params) {
  const base = (process.env.BOT_API_BASE_URL || "https://api.telegram.org").replace(/\/+$/, "");
  const res = await fetch(`${base}/bot${setting("BOT_TOKEN")}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(params),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = await res.json().catch(() => ({ ok: false, description: `HTTP ${res.status}` }));
  if (!answer.ok) {
    console.error(`${method} failed: ${answer.description ?? res.status}`);
    process.exit(1);
  }
  return answer.result;
}

if (process.argv.includes("--delete")) {
  await botCall("deleteWebhook", { drop_pending_updates: false });
  console.log("Webhook deleted.");
} else {
  const publicUrl = setting("PUBLIC_URL").replace(/\/+$/, "");
  const url = `${publicUrl}/api/telegram/webhook`;
  await botCall("setWebhook", {
    url,
    secret_token: setting("TELEGRAM_WEBHOOK_SECRET"),
    allowed_updates: ALLOWED_UPDATES,
  });
  console.log(
    `Webhook set: ${url} (updates: ${ALLOWED_UPDATES.join(", ")}, secret token from TELEGRAM_WEBHOOK_SECRET).`,
  );
  await botCall("setChatMenuButton", {
    menu_button: { type: "web_app", text: process.env.BOT_MENU_TEXT || "Open", web_app: { url: publicUrl } },
  });
  console.log(`Menu button opens ${publicUrl}.`);
  // The commands' descriptions come from the bot's texts; Russian is the default list.
  for (const lang of ["ru", "en"]) {
    const texts = JSON.parse(fs.readFileSync(new URL(`../messages/${lang}.json`, import.meta.url), "utf8")).BotSteer;
    const commands = [
      { command: "model", description: texts.commandModel },
      { command: "new", description: texts.commandNew },
      { command: "voice", description: texts.commandVoice },
      { command: "promo", description: texts.commandPromo },
    ];
    await botCall("setMyCommands", { commands, ...(lang === "en" ? { language_code: "en" } : {}) });
  }
  console.log("Commands set: /model, /new, /voice, /promo.");
}
