import type { DeliveryAddress } from '@bozor/shared';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { AddressForm } from './address-form.tsx';

/**
 * The address form in a dialog: centred from md, a bottom sheet on phones. Escape and the
 * backdrop close it; the browser's modal dialog traps the focus and gives it back on close.
 */
export function AddressModal({
  open,
  address,
  onClose,
}: {
  open: boolean;
  /** The address to correct, or null for a new one. */
  address: DeliveryAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal?.();
    if (!open && node.open) node.close?.();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape does the same natively
    <dialog
      ref={dialog}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === dialog.current) onClose();
      }}
      aria-labelledby={titleId}
      className="m-0 mt-auto max-h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-[16px] bg-white p-0 backdrop:bg-black/40 md:m-auto md:max-w-lg md:rounded-[16px]"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between bg-white px-5 pt-4 pb-2">
        <h2 id={titleId} className="text-lg font-bold text-ink">
          {address ? t('addresses.edit_title') : t('addresses.new_title')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('common.close')}
          className="grid size-9 place-items-center rounded-full hover:bg-black/5"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div className="px-5 pb-5">
        {/* mounted only while open, so every opening starts from the address it edits */}
        {open && <AddressForm address={address} onSaved={onClose} onCancel={onClose} />}
      </div>
    </dialog>
  );
}
