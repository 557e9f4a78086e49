// Site header: brand, main navigation and the Begin Your Story button; a toggle collapses the menu on phones.
import type { PageProps } from "../types.ts";
import { Brand } from "./Icon.tsx";

/**
 * Without JavaScript the menu is always shown (it scrolls sideways on phones) and the toggle stays
 * hidden; templates/islands/menu.ts adds `js` to <html>, which turns the menu into a drop-down.
 */
export function Header({ page, content, assets }: PageProps) {
  const { name, header } = content.site;
  return (
    <header className="site-header">
      <div className="wrap header-bar">
        <Brand name={name} href={assets.href("/")} />
        <button type="button" className="menu-toggle" aria-expanded="false" aria-controls="site-menu" data-menu-toggle>
          <span className="menu-bars" aria-hidden="true" />
          {header.menuLabel}
        </button>
        <nav id="site-menu" className="site-menu" aria-label={header.menuLabel} data-menu>
          <ul className="nav-links">
            {header.nav.map((link) => (
              <li key={link.href}>
                <a href={assets.href(link.href)} aria-current={link.href === page.path ? "page" : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a className="btn btn-primary nav-cta" href={assets.href(header.cta.href)}>
            {header.cta.label}
          </a>
        </nav>
      </div>
    </header>
  );
}
