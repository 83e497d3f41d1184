import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a destructive step. Centred on large screens, a bottom sheet on phones; Escape and
 * the backdrop cancel, and the browser's modal dialog traps and returns the focus.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape does the same natively
    <dialog
      ref={dialog}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === dialog.current) onClose();
      }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-0 mt-auto w-full max-w-none rounded-t-[16px] bg-white p-0 backdrop:bg-black/40 md:m-auto md:max-w-sm md:rounded-[16px]"
    >
      <div className="flex flex-col gap-2 px-5 pt-5 pb-5">
        <h2 id={`${id}-title`} className="text-lg font-bold text-ink">
          {title}
        </h2>
        <p id={`${id}-text`} className="text-sm text-muted">
          {text}
        </p>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <button type="button" onClick={onClose} className={buttonClass('secondary')}>
            {t('common.cancel')}
          </button>
          <button type="button" onClick={onConfirm} className={buttonClass('danger')}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
