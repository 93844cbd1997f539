import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { NAV_LINKS, SITE_NAME, SITE_SHORT_NAME } from "@shared/domain/site";
import { LazyParlayButton } from "../features/parlay/components/LazyParlayButton";
import { SearchBox } from "../features/search/components/SearchBox";
import { TODAY_NAV_LABEL, TODAY_PATH } from "../features/match/today-link";

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Navigating closes the menu and starts the new page at its top.
  useEffect(() => {
    setMenuOpen(false);
    if (!location.hash) window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !toggleRef.current?.contains(target)) setMenuOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="logo">
          <span className="logo__mark" aria-hidden="true">
            {SITE_SHORT_NAME}
          </span>
          <span className="logo__name">{SITE_NAME}</span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul>
            <li>
              <NavLink to={TODAY_PATH} end prefetch="intent">
                {TODAY_NAV_LABEL}
              </NavLink>
            </li>
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} end prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SearchBox variant="header" />
        <div className="site-header__actions">
          {/* Run by the theme script in <head> (theme-script.server.ts), which also sets aria-pressed. */}
          <button
            type="button"
            className="theme-toggle"
            data-theme-toggle=""
            aria-label="Dark theme"
            suppressHydrationWarning
          >
            <span aria-hidden="true" className="theme-toggle__icon" />
          </button>
          <LazyParlayButton variant="badge" />
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true" className="menu-toggle__bars" />
          </button>
        </div>
      </div>
      <div ref={menuRef} id={menuId} className="mobile-menu" hidden={!menuOpen}>
        <SearchBox variant="menu" />
        <nav aria-label="Menu">
          <ul>
            <li>
              <NavLink to={TODAY_PATH} end>
                {TODAY_NAV_LABEL}
              </NavLink>
            </li>
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} end>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LazyParlayButton variant="menu" />
      </div>
    </header>
  );
}
