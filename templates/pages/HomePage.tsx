// "/home": the full marketing page: hero, the four steps, benefits, testimonials and a closing call to action.
import { CtaLinkSection, FeatureGrid, SectionIntro } from "../components/Blocks.tsx";
import { Icon } from "../components/Icon.tsx";
import { Picture } from "../components/Picture.tsx";
import type { PageProps } from "../types.ts";

export function HomePage({ page, content, assets }: PageProps<"home">) {
  const { hero } = page;
  return (
    <>
      <section className="hero" aria-labelledby="page-title">
        <div className="wrap hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 id="page-title">{hero.title}</h1>
            <p className="lead">{hero.lead}</p>
            <div className="actions">
              <a className="btn btn-primary" href={assets.href(hero.primary.href)}>
                {hero.primary.label}
              </a>
              <a className="btn" href={assets.href(hero.gift.href)}>
                <Icon name="gift" />
                {hero.gift.label}
              </a>
            </div>
          </div>
          <Picture
            className="hero-image"
            image={hero.image.src}
            alt={hero.image.alt}
            sizes="(min-width: 60rem) 36rem, 100vw"
            loading="high"
          />
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="steps-title">
        <div className="wrap">
          <SectionIntro id="steps-title" title={page.steps.title} lead={page.steps.lead} />
          <ol className="steps">
            {content.steps.map((step) => (
              <li key={step.title} className="card step">
                <span className="step-icon">
                  <Icon name={step.icon} />
                </span>
                <h3>{step.title}</h3>
                <p>{step.summary}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="benefits-title">
        <div className="wrap">
          <SectionIntro id="benefits-title" title={page.benefits.title} lead={page.benefits.lead} />
          <FeatureGrid items={content.benefits} marker="data-benefit" />
        </div>
      </section>

      <section id="testimonials" className="section section-tint" aria-labelledby="testimonials-title">
        <div className="wrap">
          <SectionIntro id="testimonials-title" title={page.testimonials.title} lead={page.testimonials.lead} />
          <div className="grid">
            {content.testimonials.map((t) => (
              <figure key={t.author} className="card testimonial">
                <blockquote>
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption>
                  <Picture className="portrait" image={t.image} alt={t.imageAlt} sizes="5rem" loading="lazy" />
                  <span>
                    <span className="author">{t.author}</span>
                    <span className="relation">{t.relation}</span>
                  </span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <CtaLinkSection cta={page.cta} href={assets.href(page.cta.button.href)} />
    </>
  );
}
