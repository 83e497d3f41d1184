import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** A checkout page: its title with a way back, the content, and the summary beside it from lg. */
export function CheckoutShell({
  title,
  back,
  aside,
  narrow,
  children,
}: {
  title: string;
  /** The page before this one, for the arrow next to the title. */
  back?: string;
  aside?: ReactNode;
  /** One column at every width: a result or a single form. */
  narrow?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  usePageMeta(title);
  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-col gap-4 px-3 pt-4 pb-10 md:px-4 md:pt-6',
        narrow ? 'max-w-xl' : 'max-w-[1280px]',
      )}
    >
      <div className="flex items-center gap-1">
        {back && (
          <Link
            to={back}
            aria-label={t('checkout.back')}
            className="-ml-2 grid size-10 shrink-0 place-items-center rounded-full hover:bg-black/5"
          >
            <ChevronLeftIcon className="size-5" />
          </Link>
        )}
        <h1 className="text-xl font-bold md:text-2xl">{title}</h1>
      </div>
      {aside ? (
        <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_360px]">
          <div className="flex min-w-0 flex-col gap-4">{children}</div>
          {aside}
        </div>
      ) : (
        children
      )}
    </div>
  );
}

/** One white block of a checkout page with its heading. */
export function CheckoutSection({
  title,
  action,
  children,
  className,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('flex flex-col gap-3 rounded-[12px] bg-white p-4 md:p-5', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-bold md:text-lg">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A radio drawn as a chip (delivery kind, payment type, tariff); the input stays for keyboards. */
export function ChipRadio({
  name,
  checked,
  onChange,
  children,
  className,
  disabled = false,
  describedBy,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** The id of the text that says why the choice is disabled. */
  describedBy?: string;
}) {
  return (
    <label
      className={cn(
        'flex rounded-[10px] border-2 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40',
        checked ? 'border-primary bg-primary-soft text-primary' : 'border-line',
        disabled ? 'cursor-not-allowed text-muted' : 'cursor-pointer',
        !checked && !disabled && 'hover:bg-page',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-describedby={describedBy}
        className="sr-only"
      />
      {children}
    </label>
  );
}
