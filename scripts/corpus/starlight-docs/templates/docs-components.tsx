// Stand-ins for the components of Starlight's own docs site (~/components/*.astro): those that show what the page
// hands them render it; those that list what Starlight's sources hold say where the list is, with a link.
import type { ReactNode } from "react";

const ORIGINAL = "https://starlight.astro.build";

function Elsewhere({ what, path }: { what: string; path: string }) {
  return (
    <p className="stand-in">
      {what}: see <a href={`${ORIGINAL}${path}`}>starlight.astro.build</a>.
    </p>
  );
}

export function Testimonial(props: { name: string; handle: string; cite: string; children?: ReactNode }) {
  return (
    <blockquote className="testimonial" cite={props.cite}>
      {props.children}
      <footer>
        <a href={props.cite}>
          {props.name} (@{props.handle})
        </a>
      </footer>
    </blockquote>
  );
}

export function TestimonialGrid({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="testimonials" aria-label={title}>
      <p className="grid-title">{title}</p>
      {children}
    </section>
  );
}

export function AboutAstro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="about-astro" aria-label={title}>
      <p className="grid-title">
        {title} <a href="https://astro.build">Astro</a>
      </p>
      {children}
    </section>
  );
}

type Video = { href: string; title: string; description?: string };

export function YouTubeGrid({ videos }: { videos: Video[] }) {
  return (
    <ul className="videos">
      {videos.map((video) => (
        <li key={video.href}>
          <a href={video.href}>{video.title}</a>
          {video.description && <p>{video.description}</p>}
        </li>
      ))}
    </ul>
  );
}

type SidebarItem = { label: string; link?: string; items?: SidebarItem[]; badge?: unknown; attrs?: unknown };

/** The sidebar a configuration gives, as nested lists. */
export function SidebarPreview({ config }: { config: SidebarItem[] }) {
  return (
    <ul className="sidebar-preview">
      {config.map((item) => (
        <li key={item.label}>
          {item.label}
          {item.items && <SidebarPreview config={item.items} />}
        </li>
      ))}
    </ul>
  );
}

type Theme = { title?: string; href?: string; name?: string };

export function ThemeGrid({ themes }: { themes?: Theme[]; labels?: unknown }) {
  if (!Array.isArray(themes)) return <Elsewhere what="Community themes" path="/resources/themes/" />;
  return (
    <ul className="themes">
      {themes.map((theme, i) => (
        <li key={theme.href ?? i}>{theme.href ? <a href={theme.href}>{theme.title ?? theme.name}</a> : theme.title}</li>
      ))}
    </ul>
  );
}

export const ShowcaseSites = () => <Elsewhere what="Sites built with Starlight" path="/resources/showcase/" />;
export const LanguagesList = () => <Elsewhere what="The languages Starlight speaks" path="/guides/i18n/" />;
export const UIStringsList = () => <Elsewhere what="Starlight's UI strings" path="/guides/i18n/" />;
export const IconsList = (_: { labels?: unknown }) => <Elsewhere what="Starlight's icons" path="/reference/icons/" />;
export const ThemeDesigner = (_: { labels?: unknown }) => (
  <Elsewhere what="The colour theme editor (it needs JavaScript)" path="/guides/css-and-tailwind/" />
);
export const CarbonComparison = (_: { labels?: unknown }) => (
  <Elsewhere what="The comparison of page weights" path="/environmental-impact/" />
);
export const SocialLinksType = () => <Elsewhere what="The social icons" path="/reference/configuration/" />;
