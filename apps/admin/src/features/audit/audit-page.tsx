import { type AuditEntry, STAFF_ROLES, type StaffRole } from '@bozor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import {
  ChoiceFilter,
  DayRangeFilter,
  ListFilters,
  useTypedFilters,
} from '../../components/kit/list-filters.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { SelectField, TextField } from '../../components/ui.tsx';
import { TEXTS, type TextKey } from '../../i18n/texts.ts';
import { getPage } from '../../lib/api.ts';
import { dateTime, day, money, number } from '../../lib/format.ts';
import { type Language, type Translate, useI18n } from '../../lib/i18n.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useStaff } from '../../lib/session.tsx';
import { useStaffList } from '../../lib/staff.ts';

const FILTERS = ['staff_id', 'object_type', 'object_id', 'from', 'to'] as const;
const OBJECT_ID = /^[A-Za-z0-9_-]{1,60}$/;
const OBJECT_TYPES = [
  'customer',
  'order',
  'credit',
  'return_request',
  'staff',
  'staff_email',
  'reconciliation',
] as const;
/** Objects the back office has a page for. */
const PAGES: Record<string, string> = {
  customer: '/customers',
  order: '/orders',
  credit: '/credits',
};
/** Fields that hold sums, shown as money. */
const MONEY_FIELDS = new Set(['limit', 'max', 'max_limit', 'remaining', 'amount', 'income']);
const INLINE_CHANGES = 4;
const col = columnsFor<AuditEntry>();
const kit = kitColumns<AuditEntry>();

/** A text by a key made at run time, or the fallback when there is none. */
function known(t: Translate, lang: Language, key: string, fallback: string): string {
  return key in TEXTS[lang] ? t(key as TextKey) : fallback;
}

export function AuditPage() {
  const { t, lang } = useI18n();
  const { can } = useStaff();
  const list = useListParams(FILTERS);
  const typing = useTypedFilters(list, ['object_id']);
  const objectId = typing.typed.object_id;
  const objectIdInvalid = objectId.trim() !== '' && !OBJECT_ID.test(objectId.trim());
  const staff = useStaffList(can('staff.manage'));
  const names = useMemo(
    () => new Map((staff.data ?? []).map((member) => [member.id, member.name])),
    [staff.data],
  );
  const entries = useQuery({
    queryKey: ['audit', list.values, list.page],
    queryFn: ({ signal }) =>
      getPage<AuditEntry>('/audit', { ...list.values, page: list.page }, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<GridColumns<AuditEntry>>(
    () => [
      kit.date('at', t('audit.at')),
      kit.view('staff_email', t('audit.who'), (entry) => {
        const name = entry.staff_id === null ? undefined : names.get(entry.staff_id);
        return (
          <span className="flex flex-col">
            <span className="font-medium whitespace-nowrap">
              {name ?? entry.staff_email ?? t('audit.nobody')}
            </span>
            {name && <span className="text-xs text-muted">{entry.staff_email}</span>}
            {entry.ip && (
              <span className="text-xs text-muted tabular">{t('audit.ip', { ip: entry.ip })}</span>
            )}
          </span>
        );
      }),
      col.accessor('action', {
        header: t('audit.action'),
        cell: (info) => (
          <span className="flex flex-col">
            <span className="font-medium">
              {known(t, lang, `audit.act.${info.getValue()}`, info.getValue())}
            </span>
            <code className="text-xs text-muted">{info.getValue()}</code>
          </span>
        ),
      }),
      kit.view('object_id', t('audit.object'), (entry) => <ObjectCell entry={entry} />),
      kit.view('changes', t('audit.changes'), (entry) => <Changes entry={entry} />),
    ],
    [t, lang, names],
  );

  return (
    <ListPage
      {...listTexts(t, 'audit')}
      filters={
        <ListFilters
          layout="grid grid-cols-2 items-end gap-3 lg:grid-cols-6"
          buttons="col-span-2 lg:col-span-1"
          invalid={objectIdInvalid}
          onSearch={() => list.setFilters({ object_id: objectId.trim() })}
          onReset={typing.reset}
        >
          <SelectField
            label={t('audit.staff')}
            className="col-span-2 lg:col-span-1"
            value={list.values.staff_id}
            onChange={(event) => list.setFilters({ staff_id: event.target.value })}
          >
            <option value="">{t('common.all')}</option>
            {staff.data?.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name} · {member.email}
              </option>
            ))}
            {list.values.staff_id &&
              !staff.data?.some((m) => String(m.id) === list.values.staff_id) && (
                <option value={list.values.staff_id}>#{list.values.staff_id}</option>
              )}
          </SelectField>
          <ChoiceFilter
            list={list}
            name="object_type"
            label={t('audit.objectType')}
            choices={OBJECT_TYPES.map((type) => [type, t(`audit.type.${type}`)] as const)}
          />
          <TextField
            label={t('audit.objectId')}
            {...typing.field('object_id')}
            placeholder="1024"
            error={objectIdInvalid ? t('audit.objectIdInvalid') : undefined}
          />
          <DayRangeFilter
            list={list}
            from={{ name: 'from', label: t('audit.from') }}
            to={{ name: 'to', label: t('audit.to') }}
          />
        </ListFilters>
      }
      query={entries}
      onPage={list.setPage}
      columns={columns}
    />
  );
}

function ObjectCell({ entry }: { entry: AuditEntry }) {
  const { t, lang } = useI18n();
  const type = known(t, lang, `audit.type.${entry.object_type}`, entry.object_type);
  const page = PAGES[entry.object_type];
  // a return request lives on its order's page
  const orderId =
    entry.object_type === 'return_request' ? (orderOf(entry.after) ?? orderOf(entry.before)) : null;
  const filter = `/audit?object_type=${encodeURIComponent(entry.object_type)}&object_id=${encodeURIComponent(entry.object_id)}`;
  return (
    <span className="flex flex-col whitespace-nowrap">
      {page ? (
        <Link to={`${page}/${entry.object_id}`} className="text-primary hover:underline">
          {type} <span className="tabular">#{entry.object_id}</span>
        </Link>
      ) : (
        <span>
          {type} <span className="tabular">#{entry.object_id}</span>
        </span>
      )}
      {orderId !== null && (
        <Link to={`/orders/${orderId}`} className="text-xs text-primary hover:underline">
          {t('audit.type.order')} <span className="tabular">№{orderId}</span>
        </Link>
      )}
      <Link to={filter} className="text-xs text-muted hover:text-ink hover:underline">
        {t('audit.onlyThis')}
      </Link>
    </span>
  );
}

function orderOf(value: unknown): number | null {
  if (!isRecord(value)) return null;
  const id = value.order_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Change {
  key: string;
  before: unknown;
  after: unknown;
  /** 'set': only an after (a creation); 'changed': a before and a different after. */
  kind: 'set' | 'changed' | 'removed';
}

/** What changed between before and after, field by field; equal fields left out. */
export function changesOf(before: unknown, after: unknown): Change[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [{ key: '', before, after, kind: before == null ? 'set' : 'changed' }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const changes: Change[] = [];
  for (const key of keys) {
    const inBefore = key in b && b[key] !== undefined;
    const inAfter = key in a && a[key] !== undefined;
    if (inBefore && inAfter && JSON.stringify(b[key]) === JSON.stringify(a[key])) continue;
    changes.push({
      key,
      before: b[key],
      after: a[key],
      kind: !inBefore ? 'set' : !inAfter ? 'removed' : 'changed',
    });
  }
  return changes;
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useI18n();
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted">{t('audit.noChanges')}</span>;
  const shown = changes.slice(0, INLINE_CHANGES);
  const rest = changes.slice(INLINE_CHANGES);
  return (
    <div className="max-w-xl min-w-64">
      <ChangeList changes={shown} type={entry.object_type} />
      {rest.length > 0 && (
        <details className="group">
          <summary className="cursor-pointer text-xs text-primary hover:underline">
            {t('audit.more', { count: rest.length })}
          </summary>
          <ChangeList changes={rest} type={entry.object_type} />
        </details>
      )}
    </div>
  );
}

function ChangeList({ changes, type }: { changes: Change[]; type: string }) {
  const { t, lang } = useI18n();
  return (
    <ul className="flex flex-col gap-0.5">
      {changes.map((change) => (
        <li key={change.key} className="flex flex-wrap items-baseline gap-x-1.5">
          {change.key && (
            <span className="text-muted">
              {known(t, lang, `audit.field.${change.key}`, change.key)}:
            </span>
          )}
          {change.kind === 'changed' && (
            <>
              <Value value={change.before} field={change.key} type={type} old />
              <span aria-hidden className="text-muted">
                →
              </span>
            </>
          )}
          {change.kind === 'removed' ? (
            <>
              <Value value={change.before} field={change.key} type={type} old />
              <span className="text-muted">→ —</span>
            </>
          ) : (
            <Value value={change.after} field={change.key} type={type} />
          )}
        </li>
      ))}
    </ul>
  );
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One value of a change, in words: sums as money, times in Tashkent, roles and steps by name. */
function Value({
  value,
  field,
  type,
  old = false,
}: {
  value: unknown;
  field: string;
  type: string;
  old?: boolean;
}) {
  const { t, lang } = useI18n();
  const text = valueText(value, field, type, t, lang);
  return (
    <span
      className={
        old
          ? 'text-muted line-through decoration-muted/50 tabular'
          : 'font-medium tabular break-words'
      }
      title={text.length > 60 ? text : undefined}
    >
      {text.length > 120 ? `${text.slice(0, 117)}…` : text}
    </span>
  );
}

function valueText(
  value: unknown,
  field: string,
  type: string,
  t: Translate,
  lang: Language,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(field)) return money(value, lang);
    if (field === 'status' && type === 'order')
      return known(t, lang, `status.${value}`, String(value));
    return number(value);
  }
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return dateTime(value);
    if (ISO_DAY.test(value)) return day(value);
    if (field === 'role' && (STAFF_ROLES as readonly string[]).includes(value))
      return t(`role.${value as StaffRole}`);
    if (field === 'step') return known(t, lang, `step.${value}`, value);
    if (field === 'rule') return known(t, lang, `customer.reason.${value}`, value);
    if (field === 'reason' && (type === 'staff' || type === 'staff_email'))
      return known(t, lang, `audit.signInFailure.${value}`, value);
    if (field === 'status' && type === 'credit')
      return known(t, lang, `customer.credit.${value}`, value);
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? '—'
      : value.map((item) => valueText(item, '', type, t, lang)).join(', ');
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${valueText(inner, key, type, t, lang)}`)
      .join(', ');
  }
  return String(value);
}
