// "/pricing": the three plans, gift options, the FAQ and a closing call to action.
// The spec gives the plan and call-to-action buttons no action, so they are plain type="button" buttons.
import { CtaSection, FaqSection, FeatureGrid, PageHero, SectionIntro } from "../components/Blocks.tsx";
import { Icon } from "../components/Icon.tsx";
import type { PageProps } from "../types.ts";
import type { Plan } from "../../site.config.ts";

export function PricingPage({ page, content }: PageProps<"pricing">) {
  return (
    <>
      <PageHero title={page.hero.title} lead={page.hero.lead} />

      <section className="section section-plans" aria-labelledby="plans-title">
        {/* The schema has no title for this section; the heading keeps h1 -> h2 -> h3 in order for screen readers. */}
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <div className="wrap plans">
          {content.plans.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="gifts-title">
        <div className="wrap">
          <SectionIntro id="gifts-title" title={page.gifts.title} lead={page.gifts.lead} />
          <FeatureGrid items={content.gifts} marker="data-gift" />
        </div>
      </section>

      <FaqSection title={page.faq.title} lead={page.faq.lead} faqs={content.faqs.filter((f) => f.page === "pricing")} />

      <CtaSection
        title={page.cta.title}
        lead={page.cta.lead}
        action={
          <button type="button" className="btn btn-primary btn-large">
            {page.cta.button}
          </button>
        }
      />
    </>
  );
}

/** One plan; the recommended one is highlighted and its badge follows the name, so it is read with it. */
function PlanCard({ plan }: { plan: Plan }) {
  const id = `plan-${plan.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const price = Number.isInteger(plan.price) ? String(plan.price) : plan.price.toFixed(2);
  const badge = plan.recommended && plan.badge;
  return (
    <article
      className={plan.recommended ? "card plan plan-recommended" : "card plan"}
      aria-labelledby={`${id}-name`}
      aria-describedby={badge ? `${id}-badge` : undefined}
      data-plan
    >
      <h3 id={`${id}-name`}>{plan.name}</h3>
      {badge && (
        <p className="plan-badge" id={`${id}-badge`}>
          {badge}
        </p>
      )}
      <p className="plan-price">
        <span className="amount">${price}</span>
        <span className="period">/{plan.period}</span>
      </p>
      <p className="plan-description">{plan.description}</p>
      <ul className="checklist">
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" />
            {feature}
          </li>
        ))}
      </ul>
      <button type="button" className={plan.recommended ? "btn btn-primary" : "btn"}>
        {plan.buttonText}
      </button>
    </article>
  );
}
