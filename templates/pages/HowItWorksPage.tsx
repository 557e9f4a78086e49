// "/how-it-works": the four steps in detail, a sample conversation, the FAQ and a closing call to action.
import { CtaLinkSection, FaqSection, PageHero, SectionIntro } from "../components/Blocks.tsx";
import { Icon } from "../components/Icon.tsx";
import type { PageProps } from "../types.ts";

export function HowItWorksPage({ page, content, assets }: PageProps<"how-it-works">) {
  const { conversation } = content;
  return (
    <>
      <PageHero title={page.hero.title} lead={page.hero.lead} />

      <section className="section" aria-labelledby="steps-title">
        <div className="wrap">
          <SectionIntro id="steps-title" title={page.steps.title} lead={page.steps.lead} />
          <ol className="step-details">
            {content.steps.map((step, i) => (
              <li key={step.title} className="card step-detail">
                <div className="step-detail-head">
                  <span className="step-icon">
                    <Icon name={step.icon} />
                    <span className="step-number" aria-hidden="true">
                      {i + 1}
                    </span>
                  </span>
                  <h3>{step.title}</h3>
                </div>
                <div className="step-detail-body">
                  <div className="prose" dangerouslySetInnerHTML={{ __html: step.html }} />
                  <ul className="checklist">
                    {step.points.map((point) => (
                      <li key={point}>
                        <Icon name="check" />
                        {point}
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="conversation-title">
        <div className="wrap wrap-narrow">
          <SectionIntro id="conversation-title" title={page.conversation.title} lead={page.conversation.lead} />
          <figure className="conversation">
            <figcaption>
              <h3>{conversation.title}</h3>
              <p>{conversation.caption}</p>
            </figcaption>
            <ol className="dialogue">
              {conversation.lines.map((line, i) => (
                <li key={i} className={`line line-${line.speaker}`} data-line data-speaker={line.speaker}>
                  <span className="speaker">
                    <Icon name={line.speaker === "interviewer" ? "phone" : "heart"} />
                    {line.name}
                  </span>
                  <p>{line.text}</p>
                </li>
              ))}
            </ol>
          </figure>
        </div>
      </section>

      <FaqSection
        title={page.faq.title}
        lead={page.faq.lead}
        faqs={content.faqs.filter((f) => f.page === "how-it-works")}
      />

      <CtaLinkSection cta={page.cta} href={assets.href(page.cta.button.href)} />
    </>
  );
}
