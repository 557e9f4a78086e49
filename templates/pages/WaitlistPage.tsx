// "/": the coming-soon page with the waitlist form. The form posts without JavaScript;
// templates/islands/waitlist.ts adds the busy state and the toast, reading their texts from data-*.
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
