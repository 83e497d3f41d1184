import { formatLocalPhone, PartnerApplicationBody } from '@bozor/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { Modal, ModalHeader } from '../../../components/ui/modal.tsx';
import { ApiError, type FieldErrors } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSendPartnerApplication } from '../api/send-partner-application.ts';

type Field = 'full_name' | 'phone' | 'store_name' | 'stir';
const FIELDS: Field[] = ['full_name', 'phone', 'store_name', 'stir'];
const EMPTY: Record<Field, string> = { full_name: '', phone: '', store_name: '', stir: '' };

/** Client-side check with the same rules and message keys as the server. */
export function validatePartner(values: Record<Field, string>): Partial<Record<Field, string>> {
  const parsed = PartnerApplicationBody.safeParse({ ...values, phone: `998${values.phone}` });
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

function Input({
  field,
  label,
  value,
  error,
  onChange,
  prefix,
  inputMode,
}: {
  field: Field;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  prefix?: string;
  inputMode?: 'numeric' | 'tel';
}) {
  const id = `partner-${field}`;
  return (
    <FormField id={id} label={label} error={error} errorTestId={`${field}-error`}>
      <div
        className={cn(
          'flex h-11 items-center rounded-[10px] border bg-white px-3 focus-within:border-primary',
          error ? 'border-danger' : 'border-line',
        )}
      >
        {prefix && <span className="mr-2 text-sm text-muted">{prefix}</span>}
        <input
          id={id}
          name={field}
          value={value}
          inputMode={inputMode}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-full min-w-0 flex-1 bg-transparent text-sm outline-none"
        />
      </div>
    </FormField>
  );
}

/** Become-a-partner form; open while the URL has `?partner=1` (the footer's link). */
export function PartnerModal() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const open = search.get('partner') === '1';
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const application = useSendPartnerApplication();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(EMPTY);
    setErrors({});
    setSent(false);
  }, [open]);

  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('partner');
    setSearch(next, { replace: true });
  };
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const message = (key: string) => t(`partner.errors.${key}`, { defaultValue: key }) as string;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = validatePartner(values);
    if (Object.keys(local).length > 0) {
      setErrors(Object.fromEntries(Object.entries(local).map(([k, v]) => [k, message(v)])));
      return;
    }
    application.mutate(
      { ...values, phone: `998${values.phone}` },
      {
        onSuccess: () => setSent(true),
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            const server: FieldErrors = error.fieldErrors;
            setErrors(
              Object.fromEntries(
                FIELDS.filter((f) => server[f]?.length).map((f) => [f, server[f]?.[0]]),
              ),
            );
          } else {
            toast.error(error.message || t('errors.generic'));
          }
        },
      },
    );
  };

  return (
    <Modal open={open} onClose={close} labelledBy="partner-title" className="md:max-w-md">
      <ModalHeader
        titleId="partner-title"
        title={t('partner.title')}
        onClose={close}
        className="px-5 pt-4"
      />
      {sent ? (
        <div className="flex flex-col items-center gap-4 px-5 py-8 text-center" role="status">
          <div className="grid size-14 place-items-center rounded-full bg-primary-soft text-primary">
            <CheckIcon className="size-7" />
          </div>
          <p className="text-base font-semibold text-ink">{t('partner.success')}</p>
          <button type="button" onClick={close} className={cn(buttonClass('primary'), 'w-full')}>
            {t('partner.ok')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 px-5 pt-2 pb-5">
          <p className="text-sm text-muted">{t('partner.text')}</p>
          <Input
            field="full_name"
            label={t('partner.full_name')}
            value={values.full_name}
            error={errors.full_name}
            onChange={(v) => set('full_name', v)}
          />
          <Input
            field="phone"
            label={t('partner.phone')}
            prefix="+998"
            inputMode="tel"
            value={formatLocalPhone(values.phone)}
            error={errors.phone}
            onChange={(v) => set('phone', v.replace(/\D/g, '').slice(0, 9))}
          />
          <Input
            field="store_name"
            label={t('partner.store_name')}
            value={values.store_name}
            error={errors.store_name}
            onChange={(v) => set('store_name', v)}
          />
          <Input
            field="stir"
            label={t('partner.stir')}
            inputMode="numeric"
            value={values.stir}
            error={errors.stir}
            onChange={(v) => set('stir', v.replace(/\D/g, '').slice(0, 14))}
          />
          <button
            type="submit"
            disabled={application.isPending}
            className={cn(buttonClass('primary'), 'mt-1 w-full')}
          >
            {t('partner.submit')}
          </button>
        </form>
      )}
    </Modal>
  );
}
