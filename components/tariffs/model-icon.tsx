"use client";
import { useState } from "react";

const DEFAULT_ICON = "/icons/default-model.svg";

/** A model's icon; the default icon when it fails to load. */
export function ModelIcon({ src, size = 20 }: { src: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="model-icon"
      src={failed || !src ? DEFAULT_ICON : src}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
