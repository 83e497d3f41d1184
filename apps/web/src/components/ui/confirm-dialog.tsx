import { useId } from 'react';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { buttonClass } from './button.ts';
import { Modal } from './modal.tsx';

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
  const id = useId();

  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      className="md:max-w-sm"
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
    </Modal>
  );
}
