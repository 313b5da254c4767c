"use client";
import { useTranslations } from "next-intl";
import { DemoChatLink } from "@/components/demo-chat/demo-chat-link";
import { ApiRequestError } from "@/lib/client/api-client";
import { useSendVideoToChat } from "@/lib/queries/video";

/**
 * Why a send failed, in the user's words: Telegram did not confirm it (the clip may be in the chat
 * already: decision 0515), the bot could not post (blocked), the clip is gone, or anything else.
 */
function failureKey(error: Error) {
  const reason = error instanceof ApiRequestError ? error.details.reason : undefined;
  if (reason === "telegram_unconfirmed" || reason === "unconfirmed") return "sendToChatUnconfirmed";
  if (error instanceof ApiRequestError && error.status === 502) return "sendToChatFailed";
  if (error instanceof ApiRequestError && error.status === 404) return "sendToChatGone";
  return "sendToChatError";
}

/**
 * "Send to chat": the bot posts the finished clip to the user's chat with it (POST /api/video/send-to-chat);
 * a second tap right after posts nothing more (docs/decisions/0505-video-sent-to-chat-once.md). In demo
 * mode the demo chat stands in for the messenger, and a link leads there.
 */
export function SendToChatButton({ requestId }: { requestId: string }) {
  const t = useTranslations("Video");
  const send = useSendVideoToChat();
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--block"
        data-testid="video-send-to-chat"
        disabled={send.isPending}
        onClick={() => send.mutate(requestId)}
      >
        {send.isPending ? t("sendingToChat") : t("sendToChat")}
      </button>
      {send.isSuccess && (
        <p className="video-send-notice" role="status" data-testid="video-sent-to-chat">
          {t("sentToChat")} <DemoChatLink />
        </p>
      )}
      {send.isError && (
        <p className="video-send-error" role="alert" data-testid="video-send-to-chat-error">
          {t(failureKey(send.error))}
        </p>
      )}
    </>
  );
}
