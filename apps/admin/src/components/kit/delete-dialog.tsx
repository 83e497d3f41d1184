import { useI18n } from '../../lib/i18n.tsx';
import { Confirm } from '../confirm.tsx';
import { Button, Dialog, Notice } from '../ui.tsx';

/**
 * The question before deleting a row, with the write's refusal when it comes; or, when it is
 * known before asking that the row cannot go (products use it), why.
 */
export function DeleteDialog({
  open,
  title,
  hint,
  submit,
  blocked,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  hint: string;
  submit: string;
  blocked?: string | null | undefined;
  busy: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {blocked ? (
        <div className="flex flex-col gap-3">
          <Notice tone="danger">{blocked}</Notice>
          <div className="flex justify-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </div>
        </div>
      ) : (
        <Confirm
          hint={hint}
          submit={submit}
          danger
          busy={busy}
          error={error}
          onCancel={onClose}
          onSubmit={onConfirm}
        />
      )}
    </Dialog>
  );
}
