import { useI18n } from '../lib/i18n.tsx';
import type { WriteFormProps } from './kit/write-form.ts';
import { Button, Notice } from './ui.tsx';

/** A yes-or-no question before a write, with the write's refusal when there is one. */
export function Confirm({
  hint,
  submit,
  danger = false,
  busy,
  error,
  onCancel,
  onSubmit,
}: WriteFormProps<void> & {
  hint: string;
  submit: string;
  danger?: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted">{hint}</p>
      {error && <Notice tone="danger">{error.message}</Notice>}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          autoFocus
          busy={busy}
          onClick={() => onSubmit()}
        >
          {submit}
        </Button>
      </div>
    </div>
  );
}
