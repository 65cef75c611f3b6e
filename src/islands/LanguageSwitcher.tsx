/**
 * Language switcher (issue 2, item 5). The options are real links to the same page in each language
 * (built at build time with switchLocalePath), so they work before hydration and without JavaScript.
 * Hydrated, a click also keeps the current query and hash and remembers the choice
 * (localStorage 'phantastika.lang' + cookie nf_lang).
 *
 * Two looks: `menu` (a disclosure button in the navbar showing the language code) and `list` (the
 * plain list in the drawer).
 * Texts come in as props: islands never import the locale dictionaries.
 */
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import type { Locale } from '../domain/enums.ts';
import { rememberLanguage } from './language-preference.ts';

export interface LanguageOption {
  locale: Locale;
  /** Endonym: 'English', 'Deutsch', 'Italiano'. */
  name: string;
  /** The current page in that language, without query or hash. */
  href: string;
}

export interface LanguageSwitcherProps {
  current: Locale;
  /** 'Language' in the page language. */
  label: string;
  options: LanguageOption[];
  variant?: 'menu' | 'list';
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Goes to `option`, keeping ?query and #hash of the current page, and remembers the choice. */
function chooseLanguage(event: MouseEvent<HTMLAnchorElement>, option: LanguageOption): void {
  rememberLanguage(option.locale);
  const target = `${option.href}${window.location.search}${window.location.hash}`;
  if (isPlainLeftClick(event)) {
    event.preventDefault();
    window.location.assign(target);
  } else {
    // New tab or window: let the browser follow the link, with the query kept.
    event.currentTarget.href = target;
  }
}

function OptionLinks({ current, options }: Pick<LanguageSwitcherProps, 'current' | 'options'>) {
  return (
    <ul className="lang-switcher__list" role="list">
      {options.map((option) => (
        <li key={option.locale}>
          <a
            className="lang-switcher__option"
            href={option.href}
            hrefLang={option.locale}
            lang={option.locale}
            aria-current={option.locale === current ? 'true' : undefined}
            onClick={(event) => chooseLanguage(event, option)}
          >
            {option.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

export default function LanguageSwitcher({ current, label, options, variant = 'menu' }: LanguageSwitcherProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const currentName = options.find((option) => option.locale === current)?.name ?? current;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (variant === 'list') {
    return (
      <nav className="lang-switcher lang-switcher--list" aria-label={label}>
        <p className="lang-switcher__heading" aria-hidden="true">
          {label}
        </p>
        <OptionLinks current={current} options={options} />
      </nav>
    );
  }

  return (
    <div
      ref={rootRef}
      className="lang-switcher lang-switcher--menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="lang-switcher__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        {/* The bar shows the code ('DE'): the names made the German bar overflow (issue 11). Assistive
            technology still hears 'Sprache: Deutsch'; the panel lists the full names. */}
        <span className="visually-hidden">
          {label}: <span lang={current}>{currentName}</span>
        </span>
        <span className="lang-switcher__code" aria-hidden="true">
          {current.toUpperCase()}
        </span>
        <svg aria-hidden="true" className="lang-switcher__chevron" width="12" height="12" viewBox="0 0 12 12" fill="currentColor">
          <path d="M2 4l4 4 4-4z" />
        </svg>
      </button>
      <div id={panelId} className="lang-switcher__panel" hidden={!open}>
        <OptionLinks current={current} options={options} />
      </div>
    </div>
  );
}
