"use client";

import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { Notice } from "@/components/ui/notice";

type Tone = "success" | "error" | "info";
interface FlashMessage {
  id: number;
  tone: Tone;
  text: ReactNode;
}

const FlashContext = createContext<(tone: Tone, text: ReactNode) => void>(() => {});

/**
 * The outcome of the latest decision, shown above a list. A decided item leaves the list when the page
 * refreshes after the action; its outcome stays here because this provider keeps its state across
 * refreshes, until the next decision replaces it.
 */
export function FlashProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<FlashMessage[]>([]);
  const push = useCallback((tone: Tone, text: ReactNode) => {
    // Only the latest outcome: older ones are about cards that have already left the list.
    setMessages([{ id: Date.now() + Math.random(), tone, text }]);
  }, []);
  return (
    <FlashContext.Provider value={push}>
      {/* Always present, so assistive technology is listening before the first message arrives. */}
      <div aria-live="polite" style={{ display: "grid", gap: "0.5rem", marginBottom: messages.length ? "1rem" : 0 }}>
        {messages.map((m) => (
          <Notice key={m.id} tone={m.tone}>
            {m.text}
          </Notice>
        ))}
      </div>
      {children}
    </FlashContext.Provider>
  );
}

export function useFlash() {
  return useContext(FlashContext);
}
