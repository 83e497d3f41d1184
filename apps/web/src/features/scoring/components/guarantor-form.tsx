import { GuarantorBody, type GuarantorInput } from '@bozor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button.ts';
import { controlClass, FormField, TextField } from '../../../components/ui/form-field.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { PhoneInput } from '../../../components/ui/phone-input.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage, placeServerErrors, useFieldMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAddGuarantor } from '../api/add-guarantor.ts';
import { useRelativeTypes } from '../api/get-relative-types.ts';

const FIELDS = ['full_name', 'phone', 'relative_type_id'] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: GuarantorInput = { full_name: '', phone: '', relative_type_id: '' };

/**
 * A contact person: name, phone after the fixed +998 and who they are to the customer. Checked with
 * the server's own schema; the server's field errors appear under their fields, the rest in a toast.
 */
export function GuarantorForm() {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddGuarantor();
  const relativeTypes = useRelativeTypes();
  const fieldMessage = useFieldMessage();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<GuarantorInput, unknown, GuarantorBody>({
    resolver: zodResolver(GuarantorBody),
    defaultValues: EMPTY,
  });
  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await add.mutateAsync(body);
      toast.success(answer.message);
      reset(EMPTY);
    } catch (error) {
      if (!placeServerErrors(error, FIELDS, setError)) toast.error(failureMessage(error));
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('scoring.guarantors.form_label')}
      className="flex flex-col gap-3 rounded-[12px] border border-line p-3 md:p-4"
    >
      <TextField
        id={`${id}-full_name`}
        label={t('scoring.guarantors.full_name')}
        error={fieldMessage(errors.full_name)}
        {...register('full_name')}
        autoComplete="off"
        placeholder={t('scoring.guarantors.full_name_placeholder')}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField
          id={`${id}-phone`}
          label={t('scoring.guarantors.phone')}
          error={fieldMessage(errors.phone)}
        >
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PhoneInput
                id={`${id}-phone`}
                name={field.name}
                inputRef={field.ref}
                value={String(field.value ?? '')}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoComplete="off"
                invalid={!!errors.phone}
                describedBy={describedBy('phone')}
              />
            )}
          />
        </FormField>
        <FormField
          id={`${id}-relative_type_id`}
          label={t('scoring.guarantors.relative_type')}
          error={fieldMessage(errors.relative_type_id)}
        >
          <Controller
            control={control}
            name="relative_type_id"
            render={({ field }) => (
              <select
                id={`${id}-relative_type_id`}
                ref={field.ref}
                name={field.name}
                value={String(field.value ?? '')}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                disabled={relativeTypes.isPending}
                aria-invalid={errors.relative_type_id ? true : undefined}
                aria-describedby={describedBy('relative_type_id')}
                className={controlClass(!!errors.relative_type_id)}
              >
                <option value="">
                  {relativeTypes.isPending
                    ? t('common.loading')
                    : t('scoring.guarantors.relative_type_placeholder')}
                </option>
                {relativeTypes.data?.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </select>
            )}
          />
        </FormField>
      </div>
      <button
        type="submit"
        disabled={isSubmitting}
        className={cn(buttonClass('secondary'), 'h-11 w-full sm:w-auto sm:self-start')}
      >
        <PlusIcon className="size-4" />
        {isSubmitting ? t('scoring.sending') : t('scoring.guarantors.add')}
      </button>
    </form>
  );
}
