// Building blocks shared by the pages: the page hero, section headings, feature cards, the FAQ list and
// the closing call to action.
import type { ReactNode } from "react";
import type { Faq, IconName } from "../../site.config.ts";
import { Icon } from "./Icon.tsx";

/** The top of a page without artwork: its one h1 and a lead. */
export function PageHero({ title, lead }: { title: string; lead?: string }) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="wrap wrap-narrow">
        <h1 id="page-title">{title}</h1>
        {lead && <p className="lead">{lead}</p>}
      </div>
    </section>
  );
}

/** A grid of icon cards (benefits, gift options); `marker` is the data-* attribute tests and scripts find them by. */
export function FeatureGrid({
  items,
  marker,
}: {
  items: Array<{ title: string; text: string; icon: IconName }>;
  marker: "data-benefit" | "data-gift";
}) {
  return (
    <div className="grid">
      {items.map((item) => (
        <div key={item.title} className="card feature" {...{ [marker]: "" }}>
          <span className="feature-icon">
            <Icon name={item.icon} />
          </span>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </div>
      ))}
    </div>
  );
}

/** The h2 and optional lead that open a section. */
export function SectionIntro({ title, lead, id }: { title: string; lead?: string; id?: string }) {
  return (
    <div className="section-intro">
      <h2 id={id}>{title}</h2>
      {lead && <p className="lead">{lead}</p>}
    </div>
  );
}

/** Questions as <details>, so they open and close without JavaScript; answers are trusted build-time HTML. */
export function FaqSection({ title, lead, faqs }: { title: string; lead?: string; faqs: Faq[] }) {
  return (
    <section className="section" aria-labelledby="faq-title">
      <div className="wrap wrap-narrow">
        <SectionIntro id="faq-title" title={title} lead={lead} />
        <div className="faq-list">
          {faqs.map((faq) => (
            <details key={faq.question} className="faq">
              <summary>{faq.question}</summary>
              <div className="prose" dangerouslySetInnerHTML={{ __html: faq.html }} />
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The closing band of a page; `action` is a link or a button. */
export function CtaSection({ title, lead, action }: { title: string; lead: string; action: ReactNode }) {
  return (
    <section className="section cta" aria-labelledby="cta-title">
      <div className="wrap cta-box">
        <h2 id="cta-title">{title}</h2>
        <p className="lead">{lead}</p>
        {action}
      </div>
    </section>
  );
}

/** The closing band whose action is a link (on /home and /how-it-works); `href` already carries the base path. */
export function CtaLinkSection({
  cta,
  href,
}: {
  cta: { title: string; lead: string; button: { label: string } };
  href: string;
}) {
  return (
    <CtaSection
      title={cta.title}
      lead={cta.lead}
      action={
        <a className="btn btn-primary btn-large" href={href}>
          {cta.button.label}
        </a>
      }
    />
  );
}
