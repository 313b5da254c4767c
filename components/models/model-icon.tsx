"use client";
import { useState } from "react";
import "./models.css";

export const DEFAULT_MODEL_ICON = "/icons/default-model.svg";

/** A model's icon; falls back to the default icon when the image fails to load. */
export function ModelIcon({ src, size = 32 }: { src: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="model-icon"
      src={failed || !src ? DEFAULT_MODEL_ICON : src}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
