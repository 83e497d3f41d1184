import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { CloseIcon } from './icons.tsx';

const SHAPES = {
  /** Centred on large screens, a bottom sheet on phones (UI.md). */
  dialog: 'm-0 mt-auto w-full max-w-none rounded-t-[16px] md:m-auto md:rounded-[16px]',
  /** A bottom sheet at every width. */
  sheet: 'm-0 mt-auto w-full max-w-none rounded-t-[16px]',
} as const;

interface ModalProps {
  open: boolean;
  /** Called for the close button, Escape and a click on the backdrop. */
  onClose: () => void;
  shape?: keyof typeof SHAPES;
  /** Width and height limits, e.g. `md:max-w-md max-h-[92dvh] overflow-y-auto`. */
  className?: string;
  labelledBy?: string;
  describedBy?: string;
  label?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * The browser's modal <dialog>, opened and closed with `open`: it traps the focus and gives it back,
 * Escape closes it natively, and a click on the backdrop closes it too.
 */
export function Modal({
  open,
  onClose,
  shape = 'dialog',
  className,
  labelledBy,
  describedBy,
  label,
  testId,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    if (open && !node.open) node.showModal?.();
    if (!open && node.open) node.close?.();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape does the same natively
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-label={label}
      data-testid={testId}
      className={cn('bg-white p-0 backdrop:bg-black/40', SHAPES[shape], className)}
    >
      {children}
    </dialog>
  );
}

/** A modal's title row: an optional control before the title (a back arrow), the close button. */
export function ModalHeader({
  titleId,
  title,
  onClose,
  leading,
  className,
}: {
  titleId?: string;
  title: ReactNode;
  onClose: () => void;
  leading?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex items-center gap-1', className)}>
      {leading}
      <h2 id={titleId} className="flex-1 text-lg font-bold text-ink">
        {title}
      </h2>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('common.close')}
        className="grid size-9 shrink-0 place-items-center rounded-full hover:bg-black/5"
      >
        <CloseIcon className="size-5" />
      </button>
    </div>
  );
}
