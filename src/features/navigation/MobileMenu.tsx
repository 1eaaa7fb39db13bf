import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../components/ui/Dialog.tsx';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useT, type IslandI18nProp } from '../../i18n/react.tsx';
import type { NavItem } from '../../lib/navigation.ts';
import { StrokeIcon } from '../../components/ui/StrokeIcon.tsx';

/** The catalogue keys of the island, for `islandMessages(locale, MENU_MESSAGES)`. */
export const MENU_MESSAGES = ['menu.'] as const satisfies readonly (MessageKey | `${string}.`)[];

export interface MobileMenuProps {
  /** Main navigation (depth 3). */
  main: NavItem[];
  /** Service navigation (depth 2). */
  service: NavItem[];
  /** Countries navigation (depth 4). */
  countries: NavItem[];
  /** `islandMessages(locale, MENU_MESSAGES)`. */
  i18n: IslandI18nProp;
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Mobile menu island (below 1024px): a menu button opens a slide-in panel that joins the main,
 * service and countries navigation. Items with children drill down one level (folders, `href` null, are headings
 * that drill down; a linked parent offers its own link at the top of its level); the back button goes up a level
 * and closes the menu on the top level. Items with `href` are links (`newTab` → `target="_blank"
 * rel="noopener"`).
 *
 * The panel is the shared modal Dialog (native <dialog>): focus stays inside, Escape closes it, focus returns to the
 * menu button, and the page behind does not scroll while it is open.
 */
export default function MobileMenu({ i18n, ...props }: MobileMenuProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Menu {...props} />
    </I18nProvider>
  );
}

function Menu({ main, service, countries }: Omit<MobileMenuProps, 'i18n'>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // The drill-down path: each entry is an item whose children are shown; empty = top level.
  const [path, setPath] = useState<NavItem[]>([]);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const current = path.at(-1);

  const close = () => {
    setOpen(false);
    setPath([]);
    buttonRef.current?.focus();
  };

  // Focus the first control of the panel after each drill-down or back step (the Dialog focuses it on opening).
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [open, path]);

  const sections = current ? [current.children] : [main, service, countries].filter((items) => items.length > 0);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('menu.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="rounded p-2 hover:text-[var(--color-primary,#d74c3b)]"
        onClick={() => setOpen(true)}
      >
        <StrokeIcon className="size-6">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </StrokeIcon>
      </button>
      <Dialog
        open={open}
        onClose={close}
        labelledBy={titleId}
        className="fixed inset-y-0 left-0 m-0 h-full max-h-none w-full max-w-sm overflow-hidden bg-white p-0 shadow-xl backdrop:bg-black/40 motion-safe:transition-transform motion-safe:duration-200 motion-safe:starting:-translate-x-full"
      >
        <div ref={panelRef} className="flex h-full flex-col">
          <div className="flex h-14 shrink-0 items-center gap-2 border-b border-neutral-200 px-2">
            <button
              type="button"
              className="flex items-center gap-1 rounded p-2 text-sm"
              onClick={() => (path.length === 0 ? close() : setPath(path.slice(0, -1)))}
            >
              <StrokeIcon className="size-4">
                <path d="M15 6l-6 6 6 6" />
              </StrokeIcon>
              {t('menu.back')}
            </button>
            <h2 id={titleId} className="min-w-0 flex-1 truncate text-center font-semibold">
              {current?.name ?? t('menu.menu')}
            </h2>
            <button type="button" aria-label={t('menu.close')} className="rounded p-2" onClick={close}>
              <StrokeIcon className="size-5">
                <path d="M6 6l12 12M18 6L6 18" />
              </StrokeIcon>
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
                        <StrokeIcon className="size-4 shrink-0">
                          <path d="M9 6l6 6-6 6" />
                        </StrokeIcon>
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
      </Dialog>
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
