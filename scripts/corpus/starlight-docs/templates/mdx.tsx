// Stand-ins for Starlight's components (@astrojs/starlight/components), which the docs import by these names:
// each renders the same content as plain, readable HTML without JavaScript (tabs as labelled sections).
import { Children, Fragment as ReactFragment, type ReactElement, type ReactNode, isValidElement } from "react";

export * from "./docs-components.tsx";

type Kids = { children?: ReactNode };

/** Astro's <Fragment slot="…">: its children, in the place the component that receives it puts them. */
export function Fragment({ children }: Kids & { slot?: string }) {
  return <ReactFragment>{children}</ReactFragment>;
}

/** Every panel shown, each under its label: what Starlight's tabs show without JavaScript, readable in print. */
export function Tabs({ children }: Kids & { syncKey?: string }) {
  return <div className="tabs">{children}</div>;
}

export function TabItem({ label, children }: Kids & { label: string; icon?: string }) {
  return (
    <section className="tab" aria-label={label}>
      <p className="tab-label">{label}</p>
      {children}
    </section>
  );
}

/** The numbered list it wraps, given Starlight's step markers by the stylesheet. */
export function Steps({ children }: Kids) {
  return <div className="steps">{children}</div>;
}

export function FileTree({ children }: Kids) {
  return <div className="file-tree">{children}</div>;
}

const ASIDE_TITLES: Record<string, string> = { note: "Note", tip: "Tip", caution: "Caution", danger: "Danger" };

export function Aside({ type = "note", title, children }: Kids & { type?: string; title?: string; icon?: string }) {
  const heading = title ?? ASIDE_TITLES[type] ?? type;
  return (
    <aside className={`aside aside-${type}`} aria-label={heading}>
      <p className="aside-title">{heading}</p>
      {children}
    </aside>
  );
}

export function Badge({ text, variant = "default", size }: { text: string; variant?: string; size?: string }) {
  return <span className={`badge badge-${variant}${size ? ` badge-${size}` : ""}`}>{text}</span>;
}

/** Starlight's icon set is not carried over: a labelled icon keeps its label, an unlabelled one is decoration. */
export function Icon({ name, label }: { name: string; label?: string; color?: string; size?: string }) {
  return label ? (
    <span className="icon" data-icon={name} role="img" aria-label={label} />
  ) : (
    <span className="icon" data-icon={name} aria-hidden="true" />
  );
}

export function Card({ title, icon, children }: Kids & { title: string; icon?: string }) {
  return (
    <div className="card" data-icon={icon}>
      <p className="card-title">{title}</p>
      {children}
    </div>
  );
}

export function CardGrid({ children }: Kids & { stagger?: boolean }) {
  return <div className="card-grid">{children}</div>;
}

export function LinkCard({ title, href, description }: { title: string; href: string; description?: string }) {
  return (
    <div className="link-card">
      <a href={href}>{title}</a>
      {description && <p>{description}</p>}
    </div>
  );
}

export function LinkButton({ href, variant = "primary", children }: Kids & { href: string; variant?: string }) {
  return (
    <a className={`link-button ${variant}`} href={href}>
      {children}
    </a>
  );
}

type CodeProps = { code: string; lang?: string; title?: string; mark?: unknown; ins?: unknown; del?: unknown };

/** Expressive Code's <Code>: the code under its title; its marked lines are not shown as marked. */
export function Code({ code, lang, title }: CodeProps) {
  const block = (
    <pre>
      <code className={lang ? `language-${lang}` : undefined}>{code}</code>
    </pre>
  );
  if (!title) return block;
  return (
    <figure className="code-figure">
      <figcaption>{title}</figcaption>
      {block}
    </figure>
  );
}

/** The docs' component preview: what the children marked slot="preview" render, then the code showing how. */
export function Preview({ children }: Kids) {
  const all = Children.toArray(children);
  const isPreview = (child: ReactNode) =>
    isValidElement(child) && (child as ReactElement<{ slot?: string }>).props.slot === "preview";
  return (
    <div className="preview">
      <div className="preview-rendered">{all.filter(isPreview)}</div>
      {all.filter((child) => !isPreview(child))}
    </div>
  );
}
