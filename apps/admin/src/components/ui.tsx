import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
} from 'react';
import { useI18n } from '../lib/i18n.tsx';

export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}

const BUTTON = {
  primary: 'bg-primary text-white hover:bg-primary-hover disabled:bg-primary/50',
  secondary: 'border border-line bg-white text-ink hover:bg-page disabled:text-muted',
  danger: 'bg-danger text-white hover:bg-danger/90 disabled:bg-danger/50',
  ghost: 'text-primary hover:bg-primary-soft disabled:text-muted',
};

export function Button({
  variant = 'secondary',
  busy = false,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof BUTTON;
  busy?: boolean;
}) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cn(
        'inline-flex h-9 items-center justify-center gap-2 rounded-control px-3.5 font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed',
        BUTTON[variant],
        className,
      )}
      {...props}
    >
      {busy && (
        <span
          aria-hidden
          className="size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent"
        />
      )}
      {children}
    </button>
  );
}

/** What a field gives its control: its id, and whether and by what it is refused or explained. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: (control: ControlProps) => ReactNode;
  className?: string;
}

export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described,
      })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** What a labelled control takes besides its element's own attributes. */
interface LabelledProps<Element> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<Element>;
}

const CONTROL =
  'h-9 w-full rounded-control border border-line bg-white px-3 text-ink placeholder:text-muted/70 aria-[invalid=true]:border-danger disabled:bg-page';

/** A labelled control's props split: what its `Field` takes, its ref, and its element's own. */
function labelled<Props extends LabelledProps<unknown> & { className?: string }>({
  label,
  error,
  hint,
  className,
  ref,
  ...element
}: Props) {
  return { field: { label, error, hint, className }, ref: ref as Props['ref'], element };
}

export function TextField(
  props: InputHTMLAttributes<HTMLInputElement> & LabelledProps<HTMLInputElement>,
) {
  const { field, ref, element } = labelled(props);
  return (
    <Field {...field}>
      {(control) => <input ref={ref} {...control} className={CONTROL} {...element} />}
    </Field>
  );
}

export function TextArea(
  props: TextareaHTMLAttributes<HTMLTextAreaElement> & LabelledProps<HTMLTextAreaElement>,
) {
  const { field, ref, element } = labelled(props);
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          ref={ref}
          rows={3}
          {...control}
          className={cn(CONTROL, 'h-auto py-2')}
          {...element}
        />
      )}
    </Field>
  );
}

export function SelectField(
  props: SelectHTMLAttributes<HTMLSelectElement> & LabelledProps<HTMLSelectElement>,
) {
  const { field, ref, element } = labelled(props);
  return (
    <Field {...field}>
      {(control) => <select ref={ref} {...control} className={CONTROL} {...element} />}
    </Field>
  );
}

/** A choice of a select: its value and what staff read. */
export type Choice = readonly [value: string | number, label: string];

/** Rows with a name (regions, brands) as choices, in their order; none while they load. */
export const choicesOf = (rows: readonly { id: number; name: string }[] | undefined): Choice[] =>
  (rows ?? []).map((row) => [row.id, row.name]);

/** A select of `choices` after a first one, `none`, whose value is empty (nothing, or all). */
export function ChoiceField({
  none,
  choices,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> &
  LabelledProps<HTMLSelectElement> & { none: string; choices: readonly Choice[] }) {
  return (
    <SelectField {...props}>
      <option value="">{none}</option>
      {choices.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

const TONES = {
  neutral: 'bg-page text-muted ring-line',
  info: 'bg-info-soft text-info ring-info/20',
  success: 'bg-success-soft text-success ring-success/20',
  warning: 'bg-warning-soft text-warning ring-warning/20',
  danger: 'bg-danger-soft text-danger ring-danger/20',
  primary: 'bg-primary-soft text-primary ring-primary/20',
};
export type Tone = keyof typeof TONES;

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

export function Card({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('rounded-card border border-line bg-white', className)}>
      {(title || actions) && (
        <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
          <h2 className="font-semibold">{title}</h2>
          {actions}
        </header>
      )}
      <div className="p-4">{children}</div>
    </section>
  );
}

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold break-words">{title}</h1>
        {subtitle && <p className="mt-0.5 text-muted">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/**
 * Label and value pairs, two columns; on a phone the labels take two fifths, the same in every
 * list of a page, and a long one wraps rather than squeezing its value. In a narrow side column
 * (`side`) a label takes only the room it needs and the values stand right.
 */
export function Facts({
  items,
  side = false,
}: {
  items: [ReactNode, ReactNode][];
  side?: boolean;
}) {
  return (
    <dl
      className={
        side
          ? 'grid grid-cols-[auto_1fr] gap-x-3 gap-y-2'
          : 'grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-2 sm:grid-cols-[minmax(8rem,auto)_1fr]'
      }
    >
      {items.map(([label, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, in order
        <div key={index} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className={cn('min-w-0 break-words', side && 'text-right')}>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div role="status" className="flex items-center gap-2 py-10 text-muted justify-center">
      <span className="size-4 animate-spin rounded-full border-2 border-primary border-r-transparent" />
      {label ?? t('common.loading')}
    </div>
  );
}

/** What a list says when it has nothing; `boxed` on a card of its own, where no grid holds it. */
export function EmptyState({
  title,
  hint,
  boxed = false,
}: {
  title: string;
  hint?: string | undefined;
  boxed?: boolean;
}) {
  return (
    <div className={cn('py-10 text-center', boxed && 'rounded-card border border-line bg-white')}>
      <p className="font-medium">{title}</p>
      {hint && <p className="mt-1 text-muted">{hint}</p>}
    </div>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="rounded-card border border-danger/30 bg-danger-soft px-4 py-3">
      <p className="font-medium text-danger">{t('common.failed')}</p>
      <p className="mt-0.5 text-ink">{error instanceof Error ? error.message : String(error)}</p>
      {retry && (
        <Button className="mt-2" onClick={retry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}

/**
 * A `<dialog>` (its `ref`) shown as the browser's modal while `open`: focus kept inside, Escape
 * closes it; closed when not. `onShow` runs as it opens.
 */
export function useModalDialog(open: boolean, onShow?: (dialog: HTMLDialogElement) => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      onShow?.(dialog);
    }
    if (!open && dialog.open) dialog.close();
  }, [open, onShow]);
  return ref;
}

/**
 * A modal dialog (the platform's `<dialog>`: focus kept inside, Escape closes); `wide` for a
 * document to read rather than a form. Centred from `sm` up; on a phone a sheet across the
 * screen's width at its bottom. Its title stays while a long body scrolls.
 */
export function Dialog({
  open,
  title,
  onClose,
  wide = false,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      className={cn(
        'm-0 mt-auto max-h-[92dvh] w-full max-w-none flex-col rounded-t-card border border-line bg-white p-0 text-ink shadow-xl backdrop:bg-ink/40 open:flex sm:m-auto sm:max-h-[calc(100dvh-2rem)] sm:rounded-card',
        wide ? 'sm:max-w-3xl' : 'sm:max-w-md',
      )}
    >
      {open && (
        <>
          <h2
            id={titleId}
            className="shrink-0 px-4 pt-4 pb-3 text-base font-semibold sm:px-5 sm:pt-5"
          >
            {title}
          </h2>
          <div className="min-h-0 overflow-y-auto px-4 pb-4 sm:px-5 sm:pb-5">{children}</div>
        </>
      )}
    </dialog>
  );
}

/** A one-line outcome of a write, read out to screen readers. */
export function Notice({ tone, children }: { tone: 'success' | 'danger'; children: ReactNode }) {
  return (
    <p
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn(
        'rounded-control px-3 py-2',
        tone === 'success' ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger',
      )}
    >
      {children}
    </p>
  );
}
