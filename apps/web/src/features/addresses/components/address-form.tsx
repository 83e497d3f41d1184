import {
  APARTMENT_MAX_LENGTH,
  type DeliveryAddress,
  DeliveryAddressBody,
  type DeliveryAddressInput,
} from '@bozor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button.ts';
import { controlClass, FormField, TextField } from '../../../components/ui/form-field.tsx';
import { PhoneInput } from '../../../components/ui/phone-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useRegions } from '../../../lib/regions.ts';
import { getSessionPhone } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddDeliveryAddress } from '../api/add-delivery-address.ts';
import { useDistricts } from '../api/get-districts.ts';
import { useUpdateDeliveryAddress } from '../api/update-delivery-address.ts';

const FIELDS = ['region_id', 'district_id', 'address', 'apartment', 'landmark', 'phone'] as const;
type Field = (typeof FIELDS)[number];

const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

function initialValues(address: DeliveryAddress | null): DeliveryAddressInput {
  return {
    region_id: address?.region.id ?? '',
    district_id: address?.district.id ?? '',
    address: address?.address ?? '',
    apartment: address?.apartment ?? '',
    landmark: address?.landmark ?? '',
    // a new address is most often the customer's own: their sign-in phone is the first guess
    phone: address?.phone ?? getSessionPhone() ?? '',
  };
}

/**
 * A new address or the correction of a saved one: region, then a district of that region, street
 * and house, apartment, landmark and the recipient's phone. Checked with the server's own schema;
 * the server's field errors appear under their fields, anything else in a toast.
 */
export function AddressForm({
  address,
  onSaved,
  onCancel,
}: {
  address: DeliveryAddress | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddDeliveryAddress();
  const update = useUpdateDeliveryAddress();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DeliveryAddressInput, unknown, DeliveryAddressBody>({
    resolver: zodResolver(DeliveryAddressBody),
    defaultValues: initialValues(address),
  });

  const regionId = Number(watch('region_id')) || null;
  const regions = useRegions();
  const districts = useDistricts(regionId);

  const message = (error: (Pick<FieldError, 'message'> & { type?: string }) | undefined) => {
    if (!error?.message) return undefined;
    // the server's texts arrive translated; the schema's are keys
    return error.type === 'server'
      ? error.message
      : t(`addresses.errors.${error.message}`, { defaultValue: t('addresses.errors.invalid') });
  };
  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);

  const submit = handleSubmit(async (body) => {
    try {
      const saved = address
        ? await update.mutateAsync({ id: address.id, body })
        : await add.mutateAsync(body);
      toast.success(saved.message);
      onSaved();
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? Object.entries(error.fieldErrors).filter(([f]) => isField(f))
          : [];
      if (fields.length === 0) {
        toast.error(error instanceof Error ? error.message : t('errors.generic'));
        return;
      }
      for (const [field, texts] of fields) {
        setError(field as Field, { type: 'server', message: texts[0] }, { shouldFocus: true });
      }
    }
  });

  const districtDisabled = regionId == null || districts.isPending || districts.isError;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <FormField
        id={`${id}-region_id`}
        label={t('addresses.region')}
        error={message(errors.region_id)}
      >
        <Controller
          control={control}
          name="region_id"
          render={({ field }) => (
            <select
              id={`${id}-region_id`}
              ref={field.ref}
              name={field.name}
              value={String(field.value ?? '')}
              onChange={(e) => {
                field.onChange(e.target.value);
                // a district belongs to one region: choosing another region starts over
                setValue('district_id', '');
              }}
              onBlur={field.onBlur}
              disabled={regions.isPending}
              aria-invalid={errors.region_id ? true : undefined}
              aria-describedby={describedBy('region_id')}
              className={controlClass(!!errors.region_id)}
            >
              <option value="">
                {regions.isPending ? t('common.loading') : t('addresses.region_placeholder')}
              </option>
              {regions.data?.map((region) => (
                <option key={region.id} value={region.id}>
                  {region.name}
                </option>
              ))}
            </select>
          )}
        />
        {regions.isError && (
          <RetryHint onRetry={() => void regions.refetch()} text={t('addresses.list_failed')} />
        )}
      </FormField>

      <FormField
        id={`${id}-district_id`}
        label={t('addresses.district')}
        error={message(errors.district_id)}
      >
        <Controller
          control={control}
          name="district_id"
          render={({ field }) => (
            <select
              id={`${id}-district_id`}
              ref={field.ref}
              name={field.name}
              value={String(field.value ?? '')}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              disabled={districtDisabled}
              aria-invalid={errors.district_id ? true : undefined}
              aria-describedby={describedBy('district_id')}
              className={controlClass(!!errors.district_id)}
            >
              <option value="">
                {regionId == null
                  ? t('addresses.district_needs_region')
                  : districts.isPending
                    ? t('common.loading')
                    : t('addresses.district_placeholder')}
              </option>
              {districts.data?.map((district) => (
                <option key={district.id} value={district.id}>
                  {district.name}
                </option>
              ))}
            </select>
          )}
        />
        {districts.isError && (
          <RetryHint onRetry={() => void districts.refetch()} text={t('addresses.list_failed')} />
        )}
      </FormField>

      <TextField
        id={`${id}-address`}
        label={t('addresses.address')}
        error={message(errors.address)}
        {...register('address')}
        autoComplete="street-address"
        placeholder={t('addresses.address_placeholder')}
      />

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)]">
        <TextField
          id={`${id}-apartment`}
          label={t('addresses.apartment')}
          hint={t('addresses.optional')}
          error={message(errors.apartment)}
          {...register('apartment')}
          maxLength={APARTMENT_MAX_LENGTH}
        />
        <TextField
          id={`${id}-landmark`}
          label={t('addresses.landmark')}
          hint={t('addresses.optional')}
          error={message(errors.landmark)}
          {...register('landmark')}
          placeholder={t('addresses.landmark_placeholder')}
        />
      </div>

      <FormField id={`${id}-phone`} label={t('addresses.phone')} error={message(errors.phone)}>
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
              invalid={!!errors.phone}
              describedBy={describedBy('phone')}
            />
          )}
        />
      </FormField>

      <div className="mt-2 grid grid-cols-2 gap-2">
        <button type="button" onClick={onCancel} className={buttonClass('secondary')}>
          {t('common.cancel')}
        </button>
        <button type="submit" disabled={isSubmitting} className={buttonClass('primary')}>
          {t('addresses.save')}
        </button>
      </div>
    </form>
  );
}

function RetryHint({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="text-xs text-danger">
      {text}{' '}
      <button type="button" onClick={onRetry} className="font-semibold text-primary underline">
        {t('states.retry')}
      </button>
    </p>
  );
}
