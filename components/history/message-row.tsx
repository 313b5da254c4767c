"use client";
import { memo } from "react";
import { useTranslations } from "next-intl";
import type { HistoryMessage } from "@/lib/contracts/history";
import { Attachment } from "./attachment";
import { MarkdownText } from "./markdown-text";

function Bubble({
  side,
  text,
  fileUrl,
  fileName,
  label,
  author,
}: {
  side: "user" | "ai";
  text: string | null;
  fileUrl: string | null;
  fileName?: string | null;
  label: string;
  author?: string | null;
}) {
  if (!text && !fileUrl) return null;
  return (
    <div className={`bubble bubble--${side}`} role="group" aria-label={label} data-testid={`bubble-${side}`}>
      {author && (
        <span className="bubble__author" data-testid="bubble-model">
          {author}
        </span>
      )}
      {fileUrl && <Attachment url={fileUrl} name={fileName} />}
      {text && <MarkdownText text={text} />}
    </div>
  );
}

/** One exchange of the thread: the user's message on the right, the assistant's answer (and the model that wrote it) on the left. */
export const MessageRow = memo(function MessageRow({ message }: { message: HistoryMessage }) {
  const t = useTranslations("History");
  return (
    <div className="message-row" data-testid="history-message" data-message-id={message.message_id}>
      <Bubble
        side="user"
        text={message.user_text}
        fileUrl={message.user_file_url}
        fileName={message.user_file_name}
        label={t("you")}
      />
      <Bubble
        side="ai"
        text={message.ai_text}
        fileUrl={message.ai_file_url}
        label={t("assistant")}
        author={message.model}
      />
    </div>
  );
});
