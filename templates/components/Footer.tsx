// Site footer: the blurb, the link groups and the legal line.
import type { PageProps } from "../types.ts";
import { Brand } from "./Icon.tsx";

export function Footer({ content, assets }: PageProps) {
  const { name, footer } = content.site;
  return (
    <footer className="site-footer">
      <div className="wrap footer-grid">
        <div className="footer-about">
          <Brand name={name} href={assets.href("/")} />
          <p>{footer.blurb}</p>
        </div>
        {footer.groups.map((group) => (
          <div key={group.title} className="footer-group">
            <h2>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.href}>
                  <a href={assets.href(link.href)}>{link.label}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="wrap footer-legal">
        <p>{footer.legal}</p>
      </div>
    </footer>
  );
}
