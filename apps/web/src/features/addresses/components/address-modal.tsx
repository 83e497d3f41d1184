import type { DeliveryAddress } from '@bozor/shared';
import { useId } from 'react';
import { Modal, ModalHeader } from '../../../components/ui/modal.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
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
  const titleId = useId();

  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className="max-h-[92dvh] overflow-y-auto md:max-w-lg"
    >
      <ModalHeader
        titleId={titleId}
        title={address ? t('addresses.edit_title') : t('addresses.new_title')}
        onClose={onClose}
        className="sticky top-0 z-10 bg-white px-5 pt-4 pb-2"
      />
      <div className="px-5 pb-5">
        {/* mounted only while open, so every opening starts from the address it edits */}
        {open && <AddressForm address={address} onSaved={onClose} onCancel={onClose} />}
      </div>
    </Modal>
  );
}
