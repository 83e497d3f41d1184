import { useI18n } from '../lib/i18n.tsx';
import { TextForm } from './kit/text-form.tsx';
import type { WriteFormProps } from './kit/write-form.ts';

/** A reason staff write for the customer to read: at least 3 characters. */
export function ReasonForm({
  hint,
  submit,
  danger = true,
  ...write
}: WriteFormProps<string> & {
  hint?: string;
  submit: string;
  danger?: boolean;
}) {
  const { t } = useI18n();
  return (
    <TextForm
      name="reason"
      label={t('common.reason')}
      hint={hint}
      autoFocus
      maxLength={500}
      check={(text) => (text.length >= 3 ? undefined : t('common.reasonShort'))}
      submit={submit}
      danger={danger}
      {...write}
    />
  );
}
