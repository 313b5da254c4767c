"use client";
import { useEffect, useRef, type PointerEvent } from "react";

const LONG_PRESS_MS = 500;

/** Pointer handlers that call `onLongPress` after the pointer stays down for 500 ms (docs/product/history.md). */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => cancel, []);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0) return;
      cancel();
      timer.current = setTimeout(onLongPress, LONG_PRESS_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    // The browser's own long-press menu would compete with the download.
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
  };
}
