// "/": the coming-soon page with the waitlist form. The form posts without JavaScript;
// templates/islands/waitlist.ts adds the busy state, the toast and the message when an address was not
// stored, reading their texts from data-*.
import { Picture } from "../components/Picture.tsx";
import type { PageProps } from "../types.ts";

export function WaitlistPage({ page, content, assets }: PageProps<"waitlist">) {
  const w = content.site.waitlist;
  const form = assets.forms.waitlist;
  return (
    <section className="waitlist-hero" aria-labelledby="page-title">
      <div className="wrap waitlist-grid">
        <div className="waitlist-copy">
          <p className="badge">{page.badge}</p>
          <h1 id="page-title">{page.headline}</h1>
          <p className="lead">{page.lead}</p>
          <form
            className="waitlist-form"
            method="post"
            action={form.action}
            target="waitlist-frame"
            data-waitlist
            data-busy={w.busy}
            data-toast={w.toast}
            data-toast-ms={w.toastMs}
            data-reset-ms={w.resetMs}
            data-failed={w.failed}
          >
            <label htmlFor="waitlist-email">{w.label}</label>
            <div className="waitlist-row">
              <input
                id="waitlist-email"
                type="email"
                name={form.field}
                required
                autoComplete="email"
                spellCheck={false}
                placeholder={w.placeholder}
              />
              <button type="submit" className="btn btn-primary">
                {w.button}
              </button>
            </div>
          </form>
          {/* Empty until an address could not be stored; the alert is in the page from the start, so that
              screen readers announce the words put into it. */}
          <div className="waitlist-problem" data-waitlist-problem>
            <p role="alert" />
            <button type="button" className="btn btn-primary" hidden>
              {w.retry}
            </button>
          </div>
          <p className="note">{page.note}</p>
          <iframe name="waitlist-frame" title="Waitlist submission" hidden />
          <div className="toast" role="status" aria-live="polite" data-toast-region />
        </div>
        <div className="waitlist-photos">
          {page.photos.map((photo, i) => (
            <Picture
              key={photo.src.src}
              className={`photo photo-${i + 1}`}
              image={photo.src}
              alt={photo.alt}
              sizes="(min-width: 60rem) 24rem, 50vw"
              loading={i === 0 ? "high" : "auto"}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
