import {
  type AdminPromotion,
  PROMOTION_TEXT_MAX,
  PROMOTION_TITLE_MAX,
  PromotionBody,
  type PromotionState,
} from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { type FormField, orNull, ResourceForm, trimmed } from '../../components/kit/form.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { Loaded } from '../../components/kit/loaded.tsx';
import { Badge, Button, Dialog, Notice, type Tone } from '../../components/ui.tsx';
import { dateTime, number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import {
  PROMOTIONS_KEY,
  savePromotion,
  sendPromotion,
  usePromotionAudience,
  usePromotions,
} from './api.ts';

const col = columnsFor<AdminPromotion>();
const kit = kitColumns<AdminPromotion>();
const STATE_TONE: Record<PromotionState, Tone> = {
  draft: 'neutral',
  sending: 'info',
  sent: 'success',
};
/** The sending hours, Tashkent time (the API's `quiet-hours.ts`; the audience answer says them). */
const HOURS = { from: '09:00', to: '21:00' };

function StateCell({ row }: { row: AdminPromotion }) {
  const { t } = useI18n();
  return (
    <span className="flex flex-col items-start gap-0.5">
      <Badge tone={STATE_TONE[row.state]}>{t(`promotions.state.${row.state}`)}</Badge>
      {row.waiting_until && (
        <span className="text-xs text-muted">
          {t('promotions.waitingUntil', { time: dateTime(row.waiting_until) })}
        </span>
      )}
      {row.sent_at && (
        <span className="text-xs text-muted">
          {t('promotions.sentAt', { time: dateTime(row.sent_at) })}
        </span>
      )}
    </span>
  );
}

/** Customers told in the shop, and messages sent (and still queued) per channel. */
function ReachedCell({ row }: { row: AdminPromotion }) {
  const { t } = useI18n();
  if (row.state === 'draft') return <span className="text-muted">—</span>;
  const lines = [
    ['promotions.inShop', row.sent.in_shop, 0],
    ['promotions.sms', row.sent.sms, row.waiting.sms],
    ['promotions.telegram', row.sent.telegram, row.waiting.telegram],
  ] as const;
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-sm whitespace-nowrap">
      {lines.map(([label, sent, waiting]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{t(label)}</dt>
          <dd className="tabular">
            {number(sent)}
            {waiting > 0 && (
              <span className="ml-1 text-xs text-muted">
                ({t('promotions.waiting', { count: number(waiting) })})
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type PromotionValues = {
  title_ru: string;
  title_uz: string;
  text_ru: string;
  text_uz: string;
  link: string;
};

const FIELDS: FormField<PromotionValues>[] = [
  {
    name: 'title_ru',
    label: 'promotions.titleRu',
    hint: 'promotions.titleHint',
    maxLength: PROMOTION_TITLE_MAX,
    autoFocus: true,
  },
  {
    name: 'title_uz',
    label: 'promotions.titleUz',
    hint: 'promotions.titleHint',
    maxLength: PROMOTION_TITLE_MAX,
  },
  {
    name: 'text_ru',
    label: 'promotions.textRu',
    kind: 'area',
    rows: 5,
    maxLength: PROMOTION_TEXT_MAX,
  },
  {
    name: 'text_uz',
    label: 'promotions.textUz',
    kind: 'area',
    rows: 5,
    maxLength: PROMOTION_TEXT_MAX,
  },
  {
    name: 'link',
    label: 'promotions.linkField',
    hint: 'promotions.linkHint',
    maxLength: 300,
    code: true,
    wide: true,
    rules: { link_internal: 'promotions.linkHint' },
  },
];

const BLANK: PromotionValues = { title_ru: '', title_uz: '', text_ru: '', text_uz: '', link: '' };

const toBody = (values: PromotionValues) => ({ ...trimmed(values), link: orNull(values.link) });

function PromotionForm({
  row,
  onSaved,
  onCancel,
}: {
  row: AdminPromotion | null;
  onSaved: (answer: { message: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <ResourceForm
      fields={FIELDS}
      columns={2}
      row={row}
      defaults={BLANK}
      schema={PromotionBody}
      toBody={toBody}
      save={(body) => savePromotion(row?.id, body)}
      onSaved={onSaved}
      onCancel={onCancel}
      submit={t('promotions.saveDraft')}
    />
  );
}

/**
 * Before a promotion goes: how many customers would get it per channel (only those who turned
 * promotions on there), its SMS in each language, and when it would start. Sending is one
 * request; the button stays busy until it answers, so a double click sends one.
 */
function SendPanel({
  row,
  onSent,
  onCancel,
}: {
  row: AdminPromotion;
  onSent: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const audience = usePromotionAudience(row.id);
  const send = useMutation({
    mutationFn: () => sendPromotion(row.id),
    onSuccess: (answer) => onSent(answer.message),
  });
  return (
    <Loaded query={audience}>
      {(data) => (
        <div className="flex flex-col gap-3">
          <section aria-labelledby="promotion-audience" className="flex flex-col gap-1">
            <h3 id="promotion-audience" className="font-medium">
              {t('promotions.audience')}
            </h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              {(
                [
                  ['promotions.inShop', data.channels.in_shop],
                  ['promotions.sms', data.channels.sms],
                  ['promotions.telegram', data.channels.telegram],
                ] as const
              ).map(([label, count]) => (
                <div key={label} className="contents">
                  <dt className="text-muted">{t(label)}</dt>
                  <dd className="tabular font-medium">
                    {t('promotions.customers', { count: number(count) })}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="text-sm text-muted">{t('promotions.audienceHint')}</p>
          </section>
          {(['ru', 'uz'] as const).map((lang) => (
            <figure key={lang} className="flex flex-col gap-1">
              <figcaption className="text-sm text-muted">
                {t('promotions.smsText', {
                  lang: t(`promotions.lang.${lang}`),
                  parts: data.sms[lang].parts,
                })}
              </figcaption>
              <p className="rounded-control bg-page px-3 py-2 text-sm break-words">
                {data.sms[lang].text}
              </p>
            </figure>
          ))}
          <p className="text-sm">
            {data.sends_now
              ? t('promotions.startsNow')
              : t('promotions.startsLater', { time: dateTime(data.starts_at) })}{' '}
            {t('promotions.sendOnce')}
          </p>
          {send.error && <Notice tone="danger">{send.error.message}</Notice>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button variant="primary" busy={send.isPending} onClick={() => send.mutate()}>
              {t('promotions.sendNow')}
            </Button>
          </div>
        </div>
      )}
    </Loaded>
  );
}

type Open = { kind: 'form'; row: AdminPromotion | null } | { kind: 'send'; row: AdminPromotion };

/**
 * Promotions to the customers who agreed to them: written as drafts in both languages, sent once
 * after seeing whom they reach, each with its state and what it has sent per channel.
 */
export function PromotionsPage() {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  const list = useListParams([] as const);
  const promotions = usePromotions(list.page);
  const [open, setOpen] = useState<Open | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const nameOf = (row: AdminPromotion) => (lang === 'ru' ? row.title_ru : row.title_uz);
  const close = () => setOpen(null);
  const finished = (message: string) => {
    setOpen(null);
    setDone(message);
    return queryClient.invalidateQueries({ queryKey: PROMOTIONS_KEY });
  };

  const columns = useMemo<GridColumns<AdminPromotion>>(
    () => [
      kit.view('name', t('promotions.name'), (row) => (
        <span className="flex max-w-md flex-col">
          <span className="font-medium">{lang === 'ru' ? row.title_ru : row.title_uz}</span>
          <span className="line-clamp-2 text-xs text-muted">
            {lang === 'ru' ? row.text_ru : row.text_uz}
          </span>
        </span>
      )),
      col.accessor('link', {
        header: t('promotions.link'),
        cell: (info) =>
          info.getValue() ? (
            <code className="text-xs break-all md:whitespace-nowrap">{info.getValue()}</code>
          ) : (
            <span className="text-muted">{t('promotions.noLink')}</span>
          ),
      }),
      kit.view('state', t('promotions.state'), (row) => <StateCell row={row} />),
      kit.view('reached', t('promotions.reached'), (row) => <ReachedCell row={row} />),
      kit.date('created_at', t('promotions.created')),
    ],
    [t, lang],
  );

  return (
    <ListPage
      title={t('promotions.title')}
      subtitle={t('promotions.subtitle')}
      filters={<p className="mb-3 text-sm text-muted">{t('promotions.hours', HOURS)}</p>}
      writes={{
        permission: 'promotions.send',
        add: {
          label: t('promotions.add'),
          onClick: () => {
            setDone(null);
            setOpen({ kind: 'form', row: null });
          },
        },
        actions: (row) =>
          row.state === 'draft'
            ? [
                {
                  label: t('promotions.edit'),
                  name: `${t('promotions.edit')}: ${nameOf(row)}`,
                  onClick: () => {
                    setDone(null);
                    setOpen({ kind: 'form', row });
                  },
                },
                {
                  label: t('promotions.send'),
                  name: `${t('promotions.send')}: ${nameOf(row)}`,
                  onClick: () => {
                    setDone(null);
                    setOpen({ kind: 'send', row });
                  },
                },
              ]
            : [],
      }}
      notices={[{ tone: 'success', text: done }]}
      query={promotions}
      onPage={list.setPage}
      columns={columns}
      label={t('promotions.grid')}
      empty={t('promotions.empty')}
      emptyHint={t('promotions.emptyHint')}
    >
      <Dialog
        wide
        open={open?.kind === 'form'}
        title={
          open?.kind === 'form' && open.row ? t('promotions.editTitle') : t('promotions.addTitle')
        }
        onClose={close}
      >
        {open?.kind === 'form' && (
          <PromotionForm
            row={open.row}
            onCancel={close}
            onSaved={(answer) => finished(answer.message)}
          />
        )}
      </Dialog>
      <Dialog
        open={open?.kind === 'send'}
        title={open?.kind === 'send' ? t('promotions.sendTitle', { name: nameOf(open.row) }) : ''}
        onClose={close}
      >
        {open?.kind === 'send' && (
          <SendPanel row={open.row} onCancel={close} onSent={(message) => finished(message)} />
        )}
      </Dialog>
    </ListPage>
  );
}
