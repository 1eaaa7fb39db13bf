import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { NavItem } from '../../lib/navigation.ts';

export interface MobileMenuProps {
  /** Main navigation (depth 3). */
  main: NavItem[];
  /** Service navigation (depth 2). */
  service: NavItem[];
  /** Countries navigation (depth 4). */
  countries: NavItem[];
  labels: { open: string; close: string; back: string; menu: string };
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Mobile menu island (specification §2 "Mobile header"): a menu button opens a slide-in panel that joins the main,
 * service and countries navigation. Items with children drill down one level (folders, `href` null, are headings
 * that drill down; a linked parent offers its own link at the top of its level); the back button goes up a level
 * and closes the menu on the top level. Items with `href` are links (`newTab` → `target="_blank"
 * rel="noopener"`).
 *
 * The panel is a modal dialog: focus moves into it and is kept there (Tab wraps), Escape closes it, focus returns
 * to the menu button, and the page behind does not scroll while it is open (the previous `overflow` is restored).
 */
export default function MobileMenu({ main, service, countries, labels }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  // The drill-down path: each entry is an item whose children are shown; empty = top level.
  const [path, setPath] = useState<NavItem[]>([]);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const current = path.at(-1);

  const close = () => {
    setOpen(false);
    setPath([]);
    buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  // Focus the first control of the dialog on opening and after each drill-down or back step.
  useEffect(() => {
    if (open) dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [open, path]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab' && dialogRef.current) {
      const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  const sections = current ? [current.children] : [main, service, countries].filter((items) => items.length > 0);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={labels.open}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="rounded p-2 hover:text-[var(--color-primary,#d74c3b)]"
        onClick={() => setOpen(true)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {open &&
        createPortal(
          <div className="fixed inset-0 z-[100]">
            <div className="absolute inset-0 bg-black/40" aria-hidden="true" onClick={close} />
            <div
              ref={dialogRef}
              role="dialog"
              aria-modal="true"
              aria-labelledby={titleId}
              onKeyDown={onKeyDown}
              className="absolute inset-y-0 left-0 flex w-full max-w-sm flex-col overflow-hidden bg-white shadow-xl motion-safe:transition-transform motion-safe:duration-200 motion-safe:starting:-translate-x-full"
            >
              <div className="flex h-14 shrink-0 items-center gap-2 border-b border-neutral-200 px-2">
                <button
                  type="button"
                  className="flex items-center gap-1 rounded p-2 text-sm"
                  onClick={() => (path.length === 0 ? close() : setPath(path.slice(0, -1)))}
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M15 6l-6 6 6 6" />
                  </svg>
                  {labels.back}
                </button>
                <h2 id={titleId} className="min-w-0 flex-1 truncate text-center font-semibold">
                  {current?.name ?? labels.menu}
                </h2>
                <button type="button" aria-label={labels.close} className="rounded p-2" onClick={close}>
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </div>
              <nav aria-labelledby={titleId} className="flex-1 overflow-x-hidden overflow-y-auto">
                {current?.href && (
                  <NavLink
                    item={current}
                    className="block border-b border-neutral-100 px-4 py-3 font-semibold text-[var(--color-primary,#d74c3b)]"
                  />
                )}
                {sections.map((items, index) => (
                  <ul key={index} className="border-b border-neutral-200">
                    {items.map((item) => (
                      <li key={item.id} className="border-b border-neutral-100 last:border-b-0">
                        {item.children.length > 0 ? (
                          <button
                            type="button"
                            className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left break-words"
                            onClick={() => setPath([...path, item])}
                          >
                            <span className="min-w-0">{item.name}</span>
                            <svg
                              aria-hidden="true"
                              viewBox="0 0 24 24"
                              className="size-4 shrink-0"
                              fill="none"
                              stroke="currentColor"
                              strokeWidth="2"
                            >
                              <path d="M9 6l6 6-6 6" />
                            </svg>
                          </button>
                        ) : item.href ? (
                          <NavLink item={item} className="block px-4 py-3 break-words" />
                        ) : (
                          <span className="block px-4 py-3 text-sm font-semibold text-neutral-500">{item.name}</span>
                        )}
                      </li>
                    ))}
                  </ul>
                ))}
              </nav>
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}

/** A navigation link; `newTab` items open in a new tab without giving it access to this page. */
function NavLink({ item, className }: { item: NavItem; className: string }) {
  return (
    <a
      href={item.href ?? undefined}
      className={className}
      {...(item.newTab ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {item.name}
    </a>
  );
}
