import type { AdminScoringFile } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { DetailHeader, useRecord } from '../../components/kit/detail.tsx';
import { writeForm } from '../../components/kit/write-form.ts';
import { ReasonForm } from '../../components/reason-form.tsx';
import { RevealIdentity } from '../../components/reveal-identity.tsx';
import { Badge, Button, Card, cn, Dialog, Facts, Notice, TextField } from '../../components/ui.tsx';
import { ApiError, post } from '../../lib/api.ts';
import { dateTime, day, groupedSum, money, number, parseSum, waited } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

export function ScoringReviewPage() {
  const { t, lang } = useI18n();
  const { query: file, found } = useRecord<AdminScoringFile>(
    (id) => ['scoring-file', id],
    (id) => `/scoring/${id}`,
    'customerId',
  );
  if ('view' in found) return found.view;
  const data = found.data;
  const { person } = data;
  const inReview = data.step === 'review';
  return (
    <>
      <DetailHeader
        back={{ to: '/scoring', label: t('scoring.back') }}
        title={t('scoring.file', { phone: data.phone })}
        subtitle={
          data.submitted_at
            ? `${t('scoring.submitted')}: ${dateTime(data.submitted_at)} · ${t('scoring.waiting')}: ${waited(data.submitted_at, file.dataUpdatedAt, lang)}`
            : undefined
        }
        actions={
          <Link
            to={`/customers/${data.customer_id}`}
            className="self-center text-primary hover:underline"
          >
            {t('order.openCustomer')}
          </Link>
        }
      />
      <div className="grid gap-4 xl:grid-cols-[1fr_24rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <Card title={t('scoring.person')}>
            <div className="grid gap-6 lg:grid-cols-[1fr_12rem]">
              <div>
                <Facts
                  items={[
                    [t('scoring.surname'), person.surname],
                    [t('scoring.givenName'), person.given_name],
                    [t('scoring.patronymic'), person.patronymic],
                    [
                      t('scoring.birth'),
                      person.birth_date
                        ? `${day(person.birth_date)}${person.age !== null ? ` · ${t('scoring.age', { age: person.age })}` : ''}`
                        : null,
                    ],
                    [
                      t('scoring.income'),
                      person.declared_income === null ? null : money(person.declared_income, lang),
                    ],
                  ]}
                />
                <div className="mt-3">
                  <RevealIdentity
                    customerId={data.customer_id}
                    passport={person.passport}
                    pinfl={person.pinfl}
                  />
                </div>
              </div>
              <figure className="max-lg:max-w-64">
                {data.face_image_url ? (
                  <img
                    src={data.face_image_url}
                    alt={t('scoring.face')}
                    className="aspect-[3/4] w-full rounded-card border border-line object-cover"
                  />
                ) : (
                  <div className="flex aspect-[3/4] items-center justify-center rounded-card border border-dashed border-line text-center text-muted">
                    {t('scoring.noFace')}
                  </div>
                )}
                <figcaption className="mt-1 text-xs text-muted">
                  {data.face_checked_at && (
                    <span className="block">
                      {t('scoring.faceChecked', { at: dateTime(data.face_checked_at) })}
                    </span>
                  )}
                  {data.face_image_url && t('scoring.faceNote')}
                </figcaption>
              </figure>
            </div>
          </Card>
          <Card title={t('scoring.card')}>
            {data.card ? (
              <Facts
                items={[
                  [
                    t('scoring.card'),
                    <span key="n" className="tabular">
                      {data.card.number}
                    </span>,
                  ],
                  ['', `${data.card.type.toUpperCase()} · ${data.card.expire}`],
                ]}
              />
            ) : (
              <p className="text-muted">—</p>
            )}
          </Card>
          <Card title={t('scoring.contacts')}>
            {data.guarantors.length === 0 ? (
              <p className="text-muted">{t('scoring.noContacts')}</p>
            ) : (
              <ul className="divide-y divide-line">
                {data.guarantors.map((g) => (
                  <li
                    key={g.id}
                    className="flex flex-wrap justify-between gap-x-3 py-2 first:pt-0 last:pb-0"
                  >
                    <span>
                      {g.full_name}
                      <span className="ml-2 text-muted">{g.relative_type}</span>
                    </span>
                    <span className="tabular">+{g.phone}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <div className="flex flex-col gap-4">
          <Card title={t('scoring.rules')}>
            <Allowance file={data} />
          </Card>
          <Card title={t('scoring.decide')}>
            {inReview ? (
              <DecideForm file={data} />
            ) : data.decision ? (
              <Decision file={data} />
            ) : (
              <p className="text-muted">{t('scoring.notWaiting')}</p>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

function Allowance({ file }: { file: AdminScoringFile }) {
  const { t, lang } = useI18n();
  const a = file.allowance;
  if (a.refusal) return <Notice tone="danger">{t(`scoring.refusal.${a.refusal}`)}</Notice>;
  const caps: [string, number | null, boolean][] = [
    [t('scoring.capDebt'), a.caps.debt_service, a.binding.includes('DEBT_SERVICE')],
    [t('scoring.capTotal'), a.caps.total_credit, a.binding.includes('TOTAL_CREDIT')],
    [t('scoring.capFirst'), a.caps.first_limit, a.binding.includes('FIRST_LIMIT_CAP')],
  ];
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="text-muted">{t('scoring.maxLimit')}</p>
        <p className="tabular text-2xl font-semibold">{money(a.max_limit, lang)}</p>
        {a.longest_tariff && (
          <p className="text-xs text-muted">
            {t('scoring.tariff', {
              months: a.longest_tariff.months,
              markup: a.longest_tariff.markup_percent,
            })}
          </p>
        )}
      </div>
      <ul className="flex flex-col gap-1.5">
        {caps
          .filter(([, value]) => value !== null)
          .map(([label, value, binding]) => (
            <li key={label} className="flex items-center justify-between gap-2">
              <span className={cn(binding ? 'font-medium' : 'text-muted')}>
                {label} {binding && <Badge tone="warning">{t('scoring.binding')}</Badge>}
              </span>
              <span className="tabular whitespace-nowrap">{money(value ?? 0, lang)}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}

function Decision({ file }: { file: AdminScoringFile }) {
  const { t, lang } = useI18n();
  const decision = file.decision;
  if (!decision) return null;
  return (
    <div className="flex flex-col gap-2">
      <Badge tone={decision.approved ? 'success' : 'danger'}>
        {decision.approved
          ? t('scoring.approvedWith', { limit: money(decision.limit, lang) })
          : t('scoring.rejectedWith')}
      </Badge>
      <p className="tabular text-muted">{dateTime(decision.decided_at)}</p>
      {(decision.reason_text ?? decision.reason) && (
        <p>{decision.reason_text ?? decision.reason}</p>
      )}
    </div>
  );
}

/** Approve with a limit, or reject with a reason; exported for its test. */
export function DecideForm({ file }: { file: AdminScoringFile }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const a = file.allowance;
  // sums are read in groups of three (10 000 000), typed with or without the spaces
  const form = useForm({ defaultValues: { limit: a.refusal ? '' : number(a.max_limit) } });
  const settle = (answer: { data: AdminScoringFile }) => {
    queryClient.setQueriesData({ queryKey: ['scoring-file', file.customer_id] }, answer.data);
    queryClient.invalidateQueries({ queryKey: ['scoring-queue'] });
    queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    setRejecting(false);
  };
  const approve = useMutation({
    mutationFn: (limit: number) =>
      post<AdminScoringFile>(`/scoring/${file.customer_id}/approve`, { limit }),
    onSuccess: settle,
  });
  const reject = useMutation({
    mutationFn: (reason: string) =>
      post<AdminScoringFile>(`/scoring/${file.customer_id}/reject`, { reason }),
    onSuccess: settle,
  });
  const range = { min: number(a.min_limit), max: number(a.max_limit), step: number(a.limit_step) };
  const serverError = approve.error instanceof ApiError ? approve.error : null;
  return (
    <div className="flex flex-col gap-3">
      {!a.refusal && (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={form.handleSubmit((values) => approve.mutate(parseSum(values.limit)))}
        >
          <TextField
            label={t('scoring.limit')}
            hint={t('scoring.limitHint', range)}
            inputMode="numeric"
            className="tabular"
            error={form.formState.errors.limit?.message ?? serverError?.fieldErrors.limit?.[0]}
            {...form.register('limit', {
              onBlur: (event: React.FocusEvent<HTMLInputElement>) =>
                form.setValue('limit', groupedSum(event.target.value)),
              validate: (value) => {
                const limit = parseSum(value);
                if (Number.isNaN(limit) || limit < a.min_limit || limit > a.max_limit) {
                  return t('scoring.limitRange', range);
                }
                if (limit % a.limit_step !== 0) return t('scoring.limitStep', range);
                return true;
              },
            })}
          />
          {serverError && !serverError.fieldErrors.limit && (
            <Notice tone="danger">{serverError.message}</Notice>
          )}
          <Button type="submit" variant="primary" busy={approve.isPending}>
            {t('scoring.approve')}
          </Button>
        </form>
      )}
      <Button variant="secondary" className="text-danger" onClick={() => setRejecting(true)}>
        {t('scoring.reject')}
      </Button>
      <Dialog open={rejecting} title={t('scoring.rejectTitle')} onClose={() => setRejecting(false)}>
        <ReasonForm
          hint={t('scoring.rejectHint')}
          submit={t('scoring.reject')}
          {...writeForm(reject, () => setRejecting(false))}
        />
      </Dialog>
    </div>
  );
}
