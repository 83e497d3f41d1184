import { LANGUAGES, useI18n } from '../lib/i18n.tsx';
import { cn } from './ui.tsx';

/** RU | UZ: the interface's language and the one the API answers in. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { lang, setLang, t } = useI18n();
  return (
    <fieldset
      aria-label={t('nav.language')}
      className={cn('flex rounded-control border border-line p-0.5', className)}
    >
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          aria-pressed={lang === code}
          onClick={() => setLang(code)}
          className={cn(
            'rounded px-2 py-0.5 text-xs font-medium uppercase',
            lang === code ? 'bg-ink text-white' : 'text-muted hover:text-ink',
          )}
        >
          {code}
        </button>
      ))}
    </fieldset>
  );
}
