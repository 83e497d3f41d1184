import { type AdminOrderDetail, type FulfilmentAction, formatDay } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { StepBadge } from '../../components/badges.tsx';
import { OrderFiscalReceipts } from '../../components/fiscal-receipts.tsx';
import { DetailHeader, useRecord } from '../../components/kit/detail.tsx';
import { FormButtons } from '../../components/kit/form.tsx';
import { type WriteFormProps, writeForm } from '../../components/kit/write-form.ts';
import { PaymentsCard } from '../../components/payments-table.tsx';
import { ReasonForm } from '../../components/reason-form.tsx';
import { Badge, Button, Card, Dialog, Facts, Notice, TextField } from '../../components/ui.tsx';
import { ApiError, post } from '../../lib/api.ts';
import { dateTime, money } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';
import { historyStepName } from './history.ts';

export const orderKey = (id: number) => ['order', id] as const;

export function OrderPage() {
  const { t, lang } = useI18n();
  const { can } = useStaff();
  const { found } = useRecord<AdminOrderDetail>(orderKey, (id) => `/orders/${id}`);
  if ('view' in found) return found.view;
  const detail = found.data;
  const { order: o } = detail;
  return (
    <>
      <DetailHeader
        back={{ to: '/orders', label: t('common.back') }}
        title={t('order.title', { id: o.id })}
        badges={<StepBadge state={detail.step} />}
        subtitle={`${dateTime(o.created_at)} · ${t(`pay.${o.payment_type}`)} · ${money(o.total, lang)}`}
      />
      <div className="grid gap-4 xl:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <Card title={t('order.goods')}>
            <ul className="divide-y divide-line">
              {o.items.map((item) => (
                <li
                  key={item.product_id}
                  className="flex items-center gap-3 py-2 first:pt-0 last:pb-0"
                >
                  {item.image ? (
                    <img src={item.image} alt="" className="size-12 rounded object-cover" />
                  ) : (
                    <span className="size-12 rounded bg-page" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2">{item.name}</span>
                    <span className="text-muted">
                      {t('order.qty', { count: item.count, price: money(item.price, lang) })}
                    </span>
                  </span>
                  <span className="tabular font-medium whitespace-nowrap">
                    {money(item.price * item.count, lang)}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          <PaymentsCard
            title={t('order.payments')}
            none={t('order.noPayments')}
            payments={o.payments}
            method={(payment) => <span className="tabular">{payment.card_number ?? '—'}</span>}
          />
          {can('money.read') && <OrderFiscalReceipts orderId={o.id} />}
          <Card title={t('order.history')}>
            <ol className="relative flex flex-col gap-3 border-l border-line pl-4">
              {detail.history.map((event, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows, in order
                <li key={index}>
                  <span className="absolute -left-1.5 mt-1 size-3 rounded-full border-2 border-white bg-primary" />
                  <p className="font-medium">
                    {historyStepName(t, event.step)}
                    <span className="ml-2 font-normal text-muted tabular">
                      {dateTime(event.at)}
                    </span>
                  </p>
                  {event.note && <p>{event.note}</p>}
                  {event.staff_email && (
                    <p className="text-xs text-muted">
                      {t('order.by', { email: event.staff_email })}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </Card>
        </div>
        {/* on a phone what to do next and where the order goes come before the goods */}
        <div className="flex flex-col gap-4 max-md:order-first">
          <OrderActions detail={detail} />
          {o.return_request && (
            <Card
              title={t('nav.returns')}
              actions={
                <Link
                  to={`/returns?status=${o.return_request.status === 'requested' ? '' : o.return_request.status}`}
                  className="text-primary hover:underline"
                >
                  {t('common.open')}
                </Link>
              }
            >
              <Facts
                items={[
                  [t('orders.status'), t(`returns.tab.${o.return_request.status}`)],
                  [t('returns.requested'), dateTime(o.return_request.requested_at)],
                  ...(o.return_request.reject_reason
                    ? ([[t('common.reason'), o.return_request.reject_reason]] as [string, string][])
                    : []),
                ]}
              />
            </Card>
          )}
          <Card title={t('order.customer')}>
            <Facts
              items={[
                [
                  t('order.phone'),
                  <span key="phone" className="tabular">
                    +{detail.customer.phone}
                  </span>,
                ],
                [
                  '',
                  <Link
                    key="customer"
                    to={`/customers/${detail.customer.id}`}
                    className="text-primary hover:underline"
                  >
                    {t('order.openCustomer')}
                  </Link>,
                ],
                [t('orders.deliveryType'), t(`delivery.${o.delivery_type}`)],
                [t('order.deliveryTo'), o.delivery],
                ...(o.delivery_promised_on
                  ? ([
                      [
                        t('order.promisedOn'),
                        <span key="promised" className="flex flex-wrap items-center gap-2">
                          <span className="tabular">{formatDay(o.delivery_promised_on)}</span>
                          {detail.late && <Badge tone="danger">{t('orders.late')}</Badge>}
                        </span>,
                      ],
                      [
                        t('order.deliveryFee'),
                        o.delivery_fee === 0
                          ? t('order.deliveryFree')
                          : money(o.delivery_fee, lang),
                      ],
                    ] as [string, ReactNode][])
                  : []),
                ...(detail.courier_name
                  ? ([
                      [t('order.courier'), detail.courier_name],
                      [t('order.tracking'), detail.tracking_number],
                    ] as [string, string | null][])
                  : []),
              ]}
            />
          </Card>
          {o.credit_id && (
            <Card title={t('order.credit')}>
              <Facts
                items={[
                  ...(o.tariff
                    ? ([
                        [
                          t('order.credit'),
                          t('order.tariff', {
                            months: o.tariff.months,
                            markup: o.tariff.markup_percent,
                          }),
                        ],
                      ] as [string, string][])
                    : []),
                  [t('order.prepayment'), money(o.prepayment, lang)],
                ]}
              />
              <Link
                to={`/credits/${o.credit_id}`}
                className="mt-3 inline-block text-primary hover:underline"
              >
                {t('order.openCredit')}
              </Link>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}

function OrderActions({ detail }: { detail: AdminOrderDetail }) {
  const { t } = useI18n();
  const { can } = useStaff();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'courier' | 'cancel' | null>(null);
  const id = detail.order.id;
  const done = (answer: { message: string; data: AdminOrderDetail }) => {
    queryClient.setQueriesData({ queryKey: orderKey(id) }, answer.data);
    queryClient.invalidateQueries({ queryKey: ['orders'] });
    setDialog(null);
  };
  const act = useMutation({
    mutationFn: (body: {
      action: FulfilmentAction;
      courier_name?: string;
      tracking_number?: string;
    }) => post<AdminOrderDetail>(`/orders/${id}/actions`, body),
    onSuccess: done,
  });
  const cancel = useMutation({
    mutationFn: (reason: string) => post<AdminOrderDetail>(`/orders/${id}/cancel`, { reason }),
    onSuccess: done,
  });
  if (!can('orders.write')) return null;
  const cancellable = detail.order.status === 1 || detail.order.status === 2;
  return (
    <Card title={t('order.actions')}>
      <div className="flex flex-col gap-2">
        {detail.next_actions.length === 0 && !cancellable && (
          <p className="text-muted">{t('order.noActions')}</p>
        )}
        {detail.next_actions.map((action) => (
          <Button
            key={action}
            variant="primary"
            busy={act.isPending && act.variables?.action === action}
            onClick={() =>
              action === 'hand_to_courier' ? setDialog('courier') : act.mutate({ action })
            }
          >
            {t(`action.${action}`)}
          </Button>
        ))}
        {cancellable && (
          <Button variant="secondary" className="text-danger" onClick={() => setDialog('cancel')}>
            {t('order.cancel')}
          </Button>
        )}
        {act.isError && dialog === null && <Notice tone="danger">{act.error.message}</Notice>}
        {act.isSuccess && (
          <Notice tone="success">
            {act.data.message || t('order.stepDone', { step: t(`step.${act.data.data.step}`) })}
          </Notice>
        )}
        {cancel.isSuccess && (
          <Notice tone="success">{cancel.data.message || t('order.cancelled')}</Notice>
        )}
      </div>
      <Dialog
        open={dialog === 'courier'}
        title={t('order.handTitle')}
        onClose={() => setDialog(null)}
      >
        <CourierForm
          {...writeForm(
            act,
            () => setDialog(null),
            (values: CourierValues) => ({
              action: 'hand_to_courier' as const,
              ...values,
            }),
          )}
        />
      </Dialog>
      <Dialog
        open={dialog === 'cancel'}
        title={t('order.cancelTitle', { id })}
        onClose={() => setDialog(null)}
      >
        <ReasonForm
          hint={t('order.cancelHint')}
          submit={t('order.cancel')}
          {...writeForm(cancel, () => setDialog(null))}
        />
      </Dialog>
    </Card>
  );
}

interface CourierValues {
  courier_name: string;
  tracking_number: string;
}

function CourierForm({ busy, error, onCancel, onSubmit }: WriteFormProps<CourierValues>) {
  const { t } = useI18n();
  const form = useForm({ defaultValues: { courier_name: '', tracking_number: '' } });
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const errors = form.formState.errors;
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={form.handleSubmit(onSubmit)}>
      <TextField
        label={t('order.courier')}
        autoFocus
        maxLength={120}
        error={errors.courier_name?.message ?? fieldErrors.courier_name?.[0]}
        {...form.register('courier_name', { required: t('auth.required') })}
      />
      <TextField
        label={t('order.tracking')}
        maxLength={120}
        error={errors.tracking_number?.message ?? fieldErrors.tracking_number?.[0]}
        {...form.register('tracking_number', { required: t('auth.required') })}
      />
      <FormButtons
        error={error}
        busy={busy}
        submit={t('action.hand_to_courier')}
        onCancel={onCancel}
      />
    </form>
  );
}
