import type { AdminReview } from '@bozor/shared';
import { formatPhone } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { SubjectDialog } from '../../components/kit/subject-dialog.tsx';
import { Tabs } from '../../components/kit/tabs.tsx';
import { TextForm } from '../../components/kit/text-form.tsx';
import { writeForm } from '../../components/kit/write-form.ts';
import { ReasonForm } from '../../components/reason-form.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useStaff } from '../../lib/session.tsx';
import {
  answerReview,
  approveReview,
  rejectReview,
  setReviewSettings,
  useReviewSettings,
  useReviews,
} from './api.ts';

const STATUSES = ['pending', 'published', 'rejected'] as const;
const col = columnsFor<AdminReview>();
const kit = kitColumns<AdminReview>();

/** "★★★★☆" with the number for a screen reader. */
function StarsCell({ rating }: { rating: number }) {
  const { t } = useI18n();
  return (
    <span className="whitespace-nowrap" title={t('reviews.stars', { count: rating })}>
      <span aria-hidden="true" className="text-[#E0A100]">
        {'★'.repeat(rating)}
        <span className="text-line">{'★'.repeat(5 - rating)}</span>
      </span>
      <span className="sr-only">{t('reviews.stars', { count: rating })}</span>
    </span>
  );
}

function TextCell({ review }: { review: AdminReview }) {
  const { t } = useI18n();
  const parts = [
    ['reviews.pros', review.pros],
    ['reviews.cons', review.cons],
    ['reviews.comment', review.comment],
  ] as const;
  return (
    <div className="flex max-w-[28rem] flex-col gap-1 text-sm">
      {parts
        .filter(([, text]) => text !== '')
        .map(([key, text]) => (
          <p key={key} className="break-words whitespace-pre-line">
            <span className="font-medium">{t(key)}: </span>
            {text}
          </p>
        ))}
      {review.photos.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('reviews.photos')}>
          {review.photos.map((path, index) => (
            <li key={path}>
              <a href={`${path}/1280.webp`} target="_blank" rel="noreferrer">
                <img
                  src={`${path}/160.webp`}
                  alt={t('reviews.photo', { index: index + 1 })}
                  width={56}
                  height={56}
                  loading="lazy"
                  className="size-14 rounded-md border border-line object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reject_reason && (
        <p className="text-danger">{t('reviews.reason', { reason: review.reject_reason })}</p>
      )}
      {review.answer && (
        <p className="text-muted">{t('reviews.answer', { text: review.answer.text })}</p>
      )}
    </div>
  );
}

function SettingsSwitch({ onSaved }: { onSaved: (text: string) => void }) {
  const { t } = useI18n();
  const { can } = useStaff();
  const queryClient = useQueryClient();
  const settings = useReviewSettings();
  const save = useMutation({
    mutationFn: setReviewSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(['review-settings'], answer.data);
      onSaved(t('reviews.settingsSaved'));
    },
  });
  if (!settings.data) return null;
  return (
    <div className="mb-3 flex flex-col gap-1 rounded-lg border border-line bg-white p-3">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={settings.data.publish_at_once}
          disabled={!can('reviews.moderate') || save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
          className="size-4"
        />
        {t('reviews.publishAtOnce')}
      </label>
      <p className="text-sm text-muted">{t('reviews.publishAtOnceHint')}</p>
      {save.error && <p className="text-sm text-danger">{save.error.message}</p>}
    </div>
  );
}

type Deciding = { row: AdminReview; kind: 'reject' | 'reply' };

/**
 * Moderation of the buyers' reviews: the pending ones first (oldest first), published and rejected
 * in their tabs; a content manager publishes, rejects with a reason the author reads, or answers as
 * the shop; whether reviews wait for this at all is the switch above the list.
 */
export function ReviewsPage() {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  const list = useListParams(['status'] as const);
  const status = STATUSES.find((s) => s === list.values.status) ?? 'pending';
  const [deciding, setDeciding] = useState<Deciding>();
  const [done, setDone] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const reviews = useReviews(status, list.page);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['reviews'] });
  const approve = useMutation({
    mutationFn: (row: AdminReview) => approveReview(row.id),
    onSuccess: (_answer, row) => {
      setFailed(undefined);
      setDone(t('reviews.approved', { id: row.id }));
      return refresh();
    },
    onError: (error) => setFailed(error.message),
  });
  const decide = useMutation({
    mutationFn: ({ row, kind, text }: Deciding & { text: string }) =>
      kind === 'reject' ? rejectReview(row.id, text) : answerReview(row.id, text),
    onSuccess: (_answer, { row, kind }) => {
      setFailed(undefined);
      setDone(t(kind === 'reject' ? 'reviews.rejectedDone' : 'reviews.answered', { id: row.id }));
      setDeciding(undefined);
      return refresh();
    },
  });

  const columns = useMemo<GridColumns<AdminReview>>(
    () => [
      kit.view('product', t('reviews.product'), (row) => (
        <span className="flex flex-col">
          <Link to={`/products/${row.product.id}`} className="text-primary hover:underline">
            {row.product.name}
          </Link>
          <Link to={`/orders/${row.order_id}`} className="text-xs text-muted hover:underline">
            {t('reviews.order', { id: row.order_id })}
          </Link>
        </span>
      )),
      kit.view('customer', t('reviews.customer'), (row) => (
        <Link
          to={`/customers/${row.customer.id}`}
          className="whitespace-nowrap text-primary hover:underline"
        >
          {formatPhone(row.customer.phone)}
        </Link>
      )),
      col.accessor('rating', {
        header: t('reviews.rating'),
        cell: (info) => <StarsCell rating={info.row.original.rating} />,
      }),
      kit.view('text', t('reviews.text'), (review) => <TextCell review={review} />),
      kit.date('created_at', t('reviews.written')),
    ],
    [t],
  );

  return (
    <ListPage
      {...listTexts(t, 'reviews')}
      filters={
        <>
          <SettingsSwitch
            onSaved={(text) => {
              setFailed(undefined);
              setDone(text);
            }}
          />
          <Tabs
            label={t('reviews.title')}
            values={STATUSES}
            chosen={status}
            text={(s) => t(`reviews.tab.${s}`)}
            onChoose={(s) => {
              setDone(undefined);
              list.setFilters({ status: s === 'pending' ? '' : s });
            }}
          />
        </>
      }
      notices={[
        { tone: 'success', text: done },
        { tone: 'danger', text: failed },
      ]}
      writes={{
        permission: 'reviews.moderate',
        actions: (row) => [
          ...(row.status !== 'published'
            ? [
                {
                  label: t('reviews.approve'),
                  name: `${t('reviews.approve')}: №${row.id}`,
                  onClick: () => approve.mutate(row),
                  busy: approve.isPending && approve.variables?.id === row.id,
                },
              ]
            : []),
          ...(row.status !== 'rejected'
            ? [
                {
                  label: t('reviews.reject'),
                  name: `${t('reviews.reject')}: №${row.id}`,
                  danger: true,
                  onClick: () => setDeciding({ row, kind: 'reject' }),
                },
              ]
            : []),
          {
            label: t('reviews.reply'),
            name: `${t('reviews.reply')}: №${row.id}`,
            onClick: () => setDeciding({ row, kind: 'reply' }),
          },
        ],
      }}
      query={reviews}
      onPage={list.setPage}
      columns={columns}
      key={lang}
    >
      <SubjectDialog
        subject={deciding}
        title={({ kind, row }) =>
          t(kind === 'reject' ? 'reviews.rejectTitle' : 'reviews.replyTitle', { id: row.id })
        }
        onClose={() => setDeciding(undefined)}
      >
        {({ kind, row }) => {
          const answer = writeForm(
            decide,
            () => setDeciding(undefined),
            (text: string) => ({ row, kind, text }),
          );
          return kind === 'reject' ? (
            <ReasonForm {...answer} hint={t('reviews.rejectHint')} submit={t('reviews.reject')} />
          ) : (
            <TextForm
              name="text"
              label={t('reviews.replyText')}
              initial={row.answer?.text ?? ''}
              rows={5}
              maxLength={2000}
              autoFocus
              submit={t('reviews.save')}
              {...answer}
            />
          );
        }}
      </SubjectDialog>
    </ListPage>
  );
}
