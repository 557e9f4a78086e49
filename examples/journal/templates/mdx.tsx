// The components the Journal's MDX posts may use, without an import: every component exported here.
import type { ReactNode } from "react";

/** A boxed aside with a heading, for a note beside the text. */
export function Aside({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <aside className="aside" aria-label={title}>
      <p className="aside-title">{title}</p>
      {children}
    </aside>
  );
}
