import {
  type AdminDeliveryRate,
  DeliveryRateBody,
  DistrictRateBody,
  formatNumber,
} from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { DeleteDialog } from '../../components/kit/delete-dialog.tsx';
import { type FormField, ResourceForm } from '../../components/kit/form.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { ChoiceField, choicesOf, Dialog, Notice } from '../../components/ui.tsx';
import { type Translate, useI18n } from '../../lib/i18n.tsx';
import {
  addDistrictRate,
  deleteRate,
  RATES_KEY,
  saveRate,
  useDistrictList,
  useRates,
  useRegionList,
} from './api.ts';

const col = columnsFor<AdminDeliveryRate>();
const kit = kitColumns<AdminDeliveryRate>();

/** Where a rate delivers to, in a line: pick-up, a region, or a district. */
function placeOf(rate: AdminDeliveryRate, t: Translate): string {
  if (rate.kind === 'pickup') return t('shipping.pickup');
  return rate.district?.name ?? rate.region?.name ?? '';
}

/**
 * Delivery rates (DESIGN §6c): pick-up, every region's courier and the districts that differ,
 * each changed in a dialog by a role that writes the shop's content; a district's own rate is
 * added and removed here too.
 */
export function DeliveryRatesPage() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const rates = useRates();
  const [editing, setEditing] = useState<AdminDeliveryRate | 'district' | null>(null);
  const [removing, setRemoving] = useState<AdminDeliveryRate | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: RATES_KEY });
  const remove = useMutation({
    mutationFn: (rate: AdminDeliveryRate) => deleteRate(rate.id),
    onSuccess: (answer) => {
      setRemoving(null);
      setNotice(answer.message);
      void reload();
    },
  });

  const columns = useMemo<GridColumns<AdminDeliveryRate>>(
    () => [
      kit.view('place', t('shipping.place'), (rate) => (
        <span className="flex flex-col">
          <span className={rate.kind === 'district' ? 'pl-3 font-medium' : 'font-medium'}>
            {placeOf(rate, t)}
          </span>
          {rate.kind === 'district' && (
            <span className="pl-3 text-xs text-muted">{rate.region?.name}</span>
          )}
        </span>
      )),
      col.accessor('courier_fee', {
        header: t('shipping.fee'),
        cell: (info) => (
          <span className="tabular whitespace-nowrap">
            {info.getValue() === 0 ? t('shipping.free') : formatNumber(info.getValue())}
          </span>
        ),
      }),
      col.accessor('free_from', {
        header: t('shipping.freeFrom'),
        cell: (info) => {
          const value = info.getValue();
          const rate = info.row.original;
          if (rate.kind === 'pickup' || rate.courier_fee === 0) {
            return <span className="text-muted">—</span>;
          }
          return value === null ? (
            <span className="text-muted">{t('shipping.never')}</span>
          ) : (
            <span className="tabular whitespace-nowrap">{formatNumber(value)}</span>
          );
        },
      }),
      col.accessor('days', {
        header: t('shipping.days'),
        cell: (info) =>
          info.getValue() === 0
            ? t('shipping.sameDay')
            : t('shipping.daysValue', { n: info.getValue() }),
      }),
      col.accessor('cutoff_hour', {
        header: t('shipping.cutoff'),
        cell: (info) =>
          info.getValue() === 24
            ? t('shipping.noCutoff')
            : t('shipping.cutoffValue', { hour: String(info.getValue()).padStart(2, '0') }),
      }),
      col.accessor('bulky_fee', {
        header: t('shipping.bulky'),
        cell: (info) => {
          const rate = info.row.original;
          const extra = rate.bulky_extra_days;
          return (
            <span className="flex flex-col">
              <span className="tabular whitespace-nowrap">
                {info.getValue() === 0 ? t('shipping.free') : formatNumber(info.getValue())}
              </span>
              <span className="text-xs whitespace-nowrap text-muted">
                {extra === 0
                  ? t('shipping.noExtraDays')
                  : t('shipping.extraDaysValue', { n: extra })}
              </span>
            </span>
          );
        },
      }),
      kit.date('updated_at', t('shipping.updated')),
    ],
    [t],
  );

  const act = (then: () => void) => () => {
    setNotice(null);
    then();
  };

  return (
    <ListPage
      {...listTexts(t, 'shipping')}
      writes={{
        permission: 'content.write',
        readOnly: t('shipping.readOnly'),
        add: { label: t('shipping.addDistrict'), onClick: act(() => setEditing('district')) },
        actions: (rate) => [
          {
            label: t('shipping.edit'),
            name: `${t('shipping.edit')}: ${placeOf(rate, t)}`,
            onClick: act(() => setEditing(rate)),
          },
          ...(rate.kind === 'district'
            ? [
                {
                  label: t('shipping.delete'),
                  name: `${t('shipping.delete')}: ${placeOf(rate, t)}`,
                  danger: true,
                  onClick: act(() => setRemoving(rate)),
                },
              ]
            : []),
        ],
      }}
      notices={[{ tone: 'success', text: notice }]}
      query={rates}
      columns={columns}
      rowClassName={(rate) => (rate.kind === 'district' ? 'bg-page/60' : undefined)}
    >
      <Dialog
        wide
        open={editing !== null}
        title={
          editing === 'district'
            ? t('shipping.addTitle')
            : editing
              ? t('shipping.editTitle', { name: placeOf(editing, t) })
              : ''
        }
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <RateForm
            rate={editing === 'district' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(message) => {
              setEditing(null);
              setNotice(message || t('shipping.saved'));
              void reload();
            }}
          />
        )}
      </Dialog>
      <DeleteDialog
        open={removing !== null}
        title={removing ? t('shipping.deleteTitle', { name: placeOf(removing, t) }) : ''}
        hint={t('shipping.deleteHint')}
        submit={t('shipping.delete')}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
      />
    </ListPage>
  );
}

interface RateValues {
  region_id: string;
  district_id: string;
  courier_fee: string;
  free_from: string;
  days: string;
  cutoff_hour: string;
  bulky_fee: string;
  bulky_extra_days: string;
}

/** A sum typed with or without spaces; empty is not a number (the schema says so). */
const sumOf = (value: string) =>
  value.trim() === '' ? Number.NaN : Number(value.replace(/\s/g, ''));

const money = { money_invalid: 'shipping.moneyHint' } as const;

const TERMS: FormField<RateValues>[] = [
  {
    name: 'courier_fee',
    label: 'shipping.feeField',
    inputMode: 'decimal',
    autoFocus: true,
    rules: money,
  },
  {
    name: 'free_from',
    label: 'shipping.freeFromField',
    hint: 'shipping.freeFromHint',
    inputMode: 'decimal',
    rules: money,
  },
  {
    name: 'days',
    label: 'shipping.daysField',
    hint: 'shipping.daysHint',
    inputMode: 'decimal',
    rules: { delivery_days_invalid: 'shipping.daysHint' },
  },
  {
    name: 'cutoff_hour',
    label: 'shipping.cutoffField',
    hint: 'shipping.cutoffHint',
    inputMode: 'decimal',
    rules: { cutoff_hour_invalid: 'shipping.cutoffHint' },
  },
  {
    name: 'bulky_fee',
    label: 'shipping.bulkyFeeField',
    hint: 'shipping.bulkyFeeHint',
    inputMode: 'decimal',
    rules: money,
  },
  {
    name: 'bulky_extra_days',
    label: 'shipping.bulkyDaysField',
    hint: 'shipping.bulkyDaysHint',
    inputMode: 'decimal',
    rules: { bulky_extra_days_invalid: 'shipping.bulkyDaysInvalid' },
  },
];

/** Pick-up's fields: its days and hour, and bulky goods' extra days (its fees stay 0). */
const PICKUP_TERMS = TERMS.filter((field) =>
  ['days', 'cutoff_hour', 'bulky_extra_days'].includes(field.name),
);

function PlaceFields({ form, error }: { form: UseFormReturn<RateValues>; error?: string }) {
  const { t } = useI18n();
  const regions = useRegionList();
  const regionId = form.watch('region_id');
  const districts = useDistrictList(regionId ? Number(regionId) : null);
  return (
    <>
      <ChoiceField
        label={t('shipping.region')}
        none={t('shipping.chooseRegion')}
        choices={choicesOf(regions.data)}
        {...form.register('region_id', { onChange: () => form.setValue('district_id', '') })}
      />
      <ChoiceField
        label={t('shipping.district')}
        none={t('shipping.chooseDistrict')}
        choices={choicesOf(districts.data)}
        error={error}
        disabled={!regionId}
        {...form.register('district_id')}
      />
    </>
  );
}

const PLACE: FormField<RateValues>[] = [
  {
    name: 'district_id',
    label: 'shipping.district',
    kind: 'custom',
    wide: true,
    rules: { district_invalid: 'shipping.chooseDistrict' },
    render: (form, error) => <PlaceFields form={form} error={error} />,
  },
];

/** A rate's terms; with no rate, a district's own rate with its region and district. */
function RateForm({
  rate,
  onSaved,
  onCancel,
}: {
  rate: AdminDeliveryRate | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const pickup = rate?.kind === 'pickup';
  const terms = (values: RateValues): DeliveryRateBody => ({
    courier_fee: pickup ? 0 : sumOf(values.courier_fee),
    free_from: pickup || values.free_from.trim() === '' ? null : sumOf(values.free_from),
    days: sumOf(values.days),
    cutoff_hour: sumOf(values.cutoff_hour),
    bulky_fee: pickup ? 0 : sumOf(values.bulky_fee),
    bulky_extra_days: sumOf(values.bulky_extra_days),
  });
  const defaults: RateValues = {
    region_id: '',
    district_id: '',
    courier_fee: String(rate?.courier_fee ?? ''),
    free_from: rate?.free_from == null ? '' : String(rate.free_from),
    days: String(rate?.days ?? 1),
    cutoff_hour: String(rate?.cutoff_hour ?? 14),
    bulky_fee: String(rate?.bulky_fee ?? ''),
    bulky_extra_days: String(rate?.bulky_extra_days ?? 1),
  };
  return (
    <>
      {pickup && <Notice tone="success">{t('shipping.pickupNote')}</Notice>}
      {rate ? (
        <ResourceForm
          fields={pickup ? PICKUP_TERMS : TERMS}
          columns={2}
          defaults={defaults}
          schema={DeliveryRateBody}
          toBody={terms}
          save={(body) => saveRate(rate.id, body)}
          onSaved={(answer) => onSaved(answer.message)}
          onCancel={onCancel}
        />
      ) : (
        <ResourceForm
          fields={[...PLACE, ...TERMS]}
          columns={2}
          defaults={defaults}
          schema={DistrictRateBody}
          toBody={(values): DistrictRateBody => ({
            region_id: Number(values.region_id),
            district_id: Number(values.district_id),
            ...terms(values),
          })}
          save={addDistrictRate}
          onSaved={(answer) => onSaved(answer.message)}
          onCancel={onCancel}
        />
      )}
    </>
  );
}
