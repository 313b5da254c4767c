"use client";
import { useEffect, useRef, useState } from "react";

export type Recording = { file: File; seconds: number };

/** Records a voice message with the browser's MediaRecorder; `supported` is false without a microphone API. */
export function useVoiceRecorder(onDone: (recording: Recording) => void) {
  const [state, setState] = useState<"idle" | "recording" | "denied">("idle");
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const started = useRef(0);
  const supported =
    typeof window !== "undefined" && typeof MediaRecorder !== "undefined" && !!navigator.mediaDevices?.getUserMedia;

  useEffect(() => {
    if (state !== "recording") return;
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started.current) / 1000)), 250);
    return () => clearInterval(timer);
  }, [state]);

  const start = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState("denied");
      return;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream);
    media.ondataavailable = (event) => event.data.size && chunks.push(event.data);
    media.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      const type = media.mimeType || "audio/webm";
      const extension = type.includes("ogg") ? "ogg" : type.includes("mp4") ? "m4a" : "webm";
      onDone({
        file: new File(chunks, `voice.${extension}`, { type }),
        seconds: (Date.now() - started.current) / 1000,
      });
    };
    recorder.current = media;
    started.current = Date.now();
    setSeconds(0);
    media.start();
    setState("recording");
  };

  const stop = () => {
    recorder.current?.stop();
    recorder.current = null;
    setState("idle");
  };

  return { supported, state, seconds, start, stop };
}
