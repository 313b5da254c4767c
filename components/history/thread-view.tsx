"use client";
import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import type { HistoryMessage } from "@/lib/contracts/history";
import { MessageRow } from "./message-row";

/**
 * The thread, virtualised over the page's own scroll: only the rows near the viewport are in the DOM,
 * so 10 000 messages scroll like 10. Opens at the newest message, as a chat does.
 */
export function ThreadView({ messages }: { messages: HistoryMessage[] }) {
  const t = useTranslations("History");
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [atBottom, setAtBottom] = useState(true);
  return (
    <>
      <Virtuoso
        ref={virtuoso}
        useWindowScroll
        data={messages}
        computeItemKey={(_, message) => message.message_id}
        itemContent={(_, message) => <MessageRow message={message} />}
        initialTopMostItemIndex={{ index: "LAST", align: "end" }}
        atBottomStateChange={setAtBottom}
        atBottomThreshold={80}
        increaseViewportBy={{ top: 400, bottom: 400 }}
        data-testid="history-thread"
      />
      {!atBottom && (
        <button
          type="button"
          className="scroll-bottom"
          aria-label={t("scrollToBottom")}
          onClick={() => virtuoso.current?.scrollToIndex({ index: "LAST", align: "end" })}
          data-testid="history-scroll-bottom"
        >
          ↓
        </button>
      )}
    </>
  );
}
