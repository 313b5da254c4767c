"use client";
import { useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { DEMO_TEXT_MAX, type DemoFileKind } from "@/lib/contracts/demo-chat";
import type { DemoFileSend } from "@/lib/queries/demo-chat";
import { useVoiceRecorder } from "./use-voice-recorder";

/** Telegram sends pictures as photos and music files as audio; anything else goes as a document. */
function kindOf(file: File): DemoFileKind {
  if (/^image\/(jpeg|png|webp)$/.test(file.type)) return "photo";
  if (file.type.startsWith("audio/")) return "audio";
  return "document";
}

type Props = { busy: boolean; onText: (text: string) => void; onFile: (input: DemoFileSend) => void };

/** The message field with attach and voice buttons; a chosen file takes the typed text as its caption. */
export function Composer({ busy, onText, onFile }: Props) {
  const t = useTranslations("DemoChat");
  const [text, setText] = useState("");
  const attach = useRef<HTMLInputElement>(null);
  const voiceFile = useRef<HTMLInputElement>(null);
  const voice = useVoiceRecorder(({ file, seconds }) => onFile({ kind: "voice", file, duration: seconds }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    onText(value);
    setText("");
  };
  const sendFile = (kind: DemoFileKind | null, input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    onFile({ kind: kind ?? kindOf(file), file, caption: text.trim() || undefined });
    setText("");
  };

  return (
    <form className="demo-chat__composer" onSubmit={submit}>
      {voice.state === "denied" && (
        <p className="demo-chat__hint" role="status">
          {t("micUnavailable")}
        </p>
      )}
      <div className="demo-chat__composer-row">
        <button
          type="button"
          className="demo-chat__icon"
          onClick={() => attach.current?.click()}
          disabled={busy}
          aria-label={t("attach")}
          title={t("attach")}
          data-testid="demo-chat-attach"
        >
          📎
        </button>
        <input
          ref={attach}
          type="file"
          hidden
          onChange={(e) => sendFile(null, e.currentTarget)}
          data-testid="demo-chat-file"
        />
        <input
          ref={voiceFile}
          type="file"
          accept="audio/*"
          hidden
          onChange={(e) => sendFile("voice", e.currentTarget)}
          data-testid="demo-chat-voice-file"
        />
        {voice.state === "recording" ? (
          <span className="demo-chat__recording" role="status">
            {t("recording", { seconds: voice.seconds })}
          </span>
        ) : (
          <textarea
            className="demo-chat__input"
            rows={1}
            value={text}
            maxLength={DEMO_TEXT_MAX}
            placeholder={t("placeholder")}
            aria-label={t("placeholder")}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) submit(e);
            }}
            data-testid="demo-chat-input"
          />
        )}
        {text.trim() ? (
          <button
            type="submit"
            className="demo-chat__icon demo-chat__icon--send"
            disabled={busy}
            aria-label={t("send")}
            title={t("send")}
            data-testid="demo-chat-send"
          >
            ➤
          </button>
        ) : voice.state === "recording" ? (
          <button
            type="button"
            className="demo-chat__icon demo-chat__icon--send"
            onClick={voice.stop}
            aria-label={t("stopRecording")}
            title={t("stopRecording")}
            data-testid="demo-chat-voice-stop"
          >
            ■
          </button>
        ) : (
          <button
            type="button"
            className="demo-chat__icon"
            disabled={busy}
            // Without a microphone API (or after a refusal) a recorded file stands in for the voice.
            onClick={() =>
              voice.supported && voice.state !== "denied" ? void voice.start() : voiceFile.current?.click()
            }
            aria-label={t("record")}
            title={t("record")}
            data-testid="demo-chat-voice"
          >
            🎤
          </button>
        )}
      </div>
    </form>
  );
}
