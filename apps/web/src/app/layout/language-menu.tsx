import { useEffect, useId, useRef, useState } from 'react';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../../components/ui/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { changeLanguage, getLanguage, LANGUAGES, type Language } from '../../lib/i18n.ts';

/** Button with the current language and a menu of both (SPEC §2); choosing one reloads the page. */
export function LanguageMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = getLanguage();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[LANGUAGES.indexOf(current)]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, current]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (lang: Language) => {
    close(true);
    if (lang !== current) changeLanguage(lang);
  };

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const items = itemRefs.current.filter((el): el is HTMLButtonElement => el != null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // the name begins with the words the button shows, as voice control finds it by them
        aria-label={`${t(`language.short_${current}`)} — ${t('language.label')}`}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex h-10 items-center gap-1.5 rounded-[10px] px-2.5 text-sm font-medium text-ink hover:bg-page"
      >
        <GlobeIcon className="size-5 text-muted" />
        <span>{t(`language.short_${current}`)}</span>
        <ChevronDownIcon
          className={cn('size-4 text-muted transition-transform', open && 'rotate-180')}
        />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('language.label')}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-50 mt-1 w-48 rounded-[12px] border border-line bg-white p-1 shadow-lg"
        >
          {LANGUAGES.map((lang, index) => (
            <button
              key={lang}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={lang === current}
              lang={lang}
              tabIndex={-1}
              onClick={() => choose(lang)}
              className="flex w-full items-center justify-between rounded-[8px] px-3 py-2 text-left text-sm text-ink hover:bg-page focus-visible:bg-page"
            >
              {t(`language.${lang}`)}
              {lang === current && <CheckIcon className="size-4 text-primary" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
