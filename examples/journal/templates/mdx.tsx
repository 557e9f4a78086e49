// The components the Journal's MDX posts may use, without an import: every component exported here.
import { Island } from "heirloom";
import type { ReactNode } from "react";
import ConversationTimer from "./interactive/ConversationTimer.tsx";

/** A boxed aside with a heading, for a note beside the text. */
export function Aside({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <aside className="aside" aria-label={title}>
      <p className="aside-title">{title}</p>
      {children}
    </aside>
  );
}

/** The conversation timer, an island: hydrated once it scrolls into view. */
export function Timer({ minutes }: { minutes: number }) {
  return <Island load="visible" component={ConversationTimer} props={{ minutes }} />;
}
