import { type AdminCategory, type InheritedFiscalCode, MAX_CATEGORY_DEPTH } from '@bozor/shared';
import { arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FiscalCodeFields } from '../../components/kit/fiscal-code-fields.tsx';
import { Loaded } from '../../components/kit/loaded.tsx';
import { thumbnailOf } from '../../components/pictures.tsx';
import { SortableList } from '../../components/sortable.tsx';
import { Badge, Button, ChoiceField, EmptyState, Notice } from '../../components/ui.tsx';
import { post } from '../../lib/api.ts';
import { number } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { indentedName, nameIn, saveTo, useDictionary, useDictionaryWrite } from './api.ts';
import {
  CatalogueHeader,
  DeleteDialog,
  type NamedValues,
  namedDefaults,
  OwnRowForm,
  RowDialog,
  useCanWriteCatalogue,
} from './parts.tsx';

type Open =
  | { kind: 'new'; parentId: number | null }
  | { kind: 'edit'; row: AdminCategory }
  | { kind: 'delete'; row: AdminCategory }
  | null;

/** The category tree: every category, hidden ones too, in order among its siblings. */
export function CategoriesPage() {
  const { t, lang } = useI18n();
  const categories = useDictionary('categories');
  const [open, setOpen] = useState<Open>(null);
  const canWrite = useCanWriteCatalogue();
  const rows = categories.data ?? [];
  const hiddenByParent = useMemo(() => hiddenUnder(rows), [rows]);
  const order = useDictionaryWrite(
    'categories',
    (body: { parent_id: number | null; ids: number[] }) => post('/categories/order', body),
  );
  const toggle = useDictionaryWrite('categories', (row: AdminCategory) =>
    saveTo('categories', row.id, { is_active: !row.is_active }),
  );

  const reorder = (parentId: number | null, ids: number[]) =>
    order.mutate({ parent_id: parentId, ids });

  return (
    <>
      <CatalogueHeader
        section="categories"
        onAdd={() => setOpen({ kind: 'new', parentId: null })}
      />
      {order.error && <Notice tone="danger">{order.error.message}</Notice>}
      {toggle.error && <Notice tone="danger">{toggle.error.message}</Notice>}
      <Loaded query={categories}>
        {() =>
          rows.length === 0 ? (
            <EmptyState boxed title={t('categories.empty')} hint={t('categories.emptyHint')} />
          ) : (
            <section
              aria-label={t('categories.tree')}
              className="rounded-card border border-line bg-white"
            >
              {canWrite && (
                <p className="border-b border-line px-4 py-2 text-xs text-muted">
                  {t('categories.dragHint')}
                </p>
              )}
              <Siblings
                rows={rows}
                parentId={null}
                hiddenByParent={hiddenByParent}
                busy={order.isPending || toggle.isPending}
                onReorder={reorder}
                onOpen={setOpen}
                onToggle={(row) => toggle.mutate(row)}
              />
            </section>
          )
        }
      </Loaded>
      <RowDialog section="categories" open={open} onClose={() => setOpen(null)} wide>
        {(shown) => (
          <CategoryForm
            rows={rows}
            row={shown.kind === 'edit' ? shown.row : undefined}
            parentId={shown.kind === 'new' ? shown.parentId : (shown.row.parent_id ?? null)}
            onDone={() => setOpen(null)}
          />
        )}
      </RowDialog>
      <DeleteDialog
        dictionary="categories"
        target={
          open?.kind === 'delete'
            ? { path: `/categories/${open.row.id}`, name: nameIn(open.row, lang) }
            : null
        }
        blocked={
          open?.kind === 'delete' && (open.row.child_count > 0 || open.row.product_count > 0)
            ? `${t('categories.deleteBlocked')} ${t('categories.children', { count: open.row.child_count })} · ${t('catalogue.products')}: ${open.row.product_count}`
            : null
        }
        onClose={() => setOpen(null)}
      />
    </>
  );
}

/** The ids of categories shown as hidden because one above them is. */
function hiddenUnder(rows: readonly AdminCategory[]): Set<number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const hidden = new Set<number>();
  for (const row of rows) {
    for (let p = row.parent_id; p != null; p = byId.get(p)?.parent_id ?? null) {
      if (byId.get(p)?.is_active === false) {
        hidden.add(row.id);
        break;
      }
    }
  }
  return hidden;
}

interface SiblingsProps {
  rows: readonly AdminCategory[];
  parentId: number | null;
  hiddenByParent: Set<number>;
  busy: boolean;
  onReorder: (parentId: number | null, ids: number[]) => void;
  onOpen: (open: Open) => void;
  onToggle: (row: AdminCategory) => void;
}

/** One parent's children, in order, each followed by its own children; dragged within the group. */
function Siblings(props: SiblingsProps) {
  const { rows, parentId, onReorder } = props;
  const siblings = rows.filter((r) => r.parent_id === parentId);
  const ids = siblings.map((s) => s.id);
  if (siblings.length === 0) return null;
  const move = (from: number, to: number) => onReorder(parentId, arrayMove(ids, from, to));
  return (
    <SortableList ids={ids} strategy={verticalListSortingStrategy} onMove={move}>
      <ul className={parentId === null ? '' : 'border-l border-line ml-6'}>
        {siblings.map((row, index) => (
          <CategoryRow
            key={row.id}
            {...props}
            row={row}
            first={index === 0}
            last={index === siblings.length - 1}
            onMove={(step) => move(index, index + step)}
          />
        ))}
      </ul>
    </SortableList>
  );
}

function CategoryRow({
  row,
  first,
  last,
  onMove,
  ...props
}: SiblingsProps & {
  row: AdminCategory;
  first: boolean;
  last: boolean;
  onMove: (step: number) => void;
}) {
  const { t, lang } = useI18n();
  const canWrite = useCanWriteCatalogue();
  const sortable = useSortable({ id: row.id, disabled: !canWrite || props.busy });
  const style = {
    transform: CSS.Transform.toString(sortable.transform),
    transition: sortable.transition,
  };
  const name = nameIn(row, lang);
  const dimmed = !row.is_active || props.hiddenByParent.has(row.id);
  return (
    <li ref={sortable.setNodeRef} style={style} className="bg-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-2 hover:bg-page/50">
        {canWrite && (
          <button
            type="button"
            aria-label={`${t('categories.drag')}: ${name}`}
            className="cursor-grab px-1 text-muted hover:text-ink"
            {...sortable.attributes}
            {...sortable.listeners}
          >
            ⋮⋮
          </button>
        )}
        {row.image ? (
          <img
            src={thumbnailOf(row.image, 'category')}
            alt=""
            className="size-7 rounded object-contain"
          />
        ) : (
          <span className="size-7 rounded bg-page" aria-hidden />
        )}
        <div className={dimmed ? 'min-w-40 flex-1 opacity-60' : 'min-w-40 flex-1'}>
          <p className="font-medium">
            {name}{' '}
            <span className="text-xs font-normal text-muted">
              · {lang === 'ru' ? row.name_uz : row.name_ru}
            </span>
          </p>
          <p className="font-mono text-xs text-muted">/{row.slug}</p>
        </div>
        <div className="flex items-center gap-1.5">
          {row.ikpu !== null ? (
            <span className="hidden font-mono text-xs text-muted sm:inline">
              {t('categories.ownCode', { code: row.ikpu })}
            </span>
          ) : (
            row.parent_id === null && <Badge tone="warning">{t('categories.noCode')}</Badge>
          )}
          {row.is_top && <Badge tone="primary">{t('categories.top')}</Badge>}
          {!row.is_active && <Badge tone="warning">{t('categories.hidden')}</Badge>}
          {row.is_active && props.hiddenByParent.has(row.id) && (
            <Badge>{t('categories.hiddenByParent')}</Badge>
          )}
          <span className="w-20 text-right text-xs text-muted tabular">
            {t('catalogue.products')}: {number(row.product_count)}
          </span>
        </div>
        {canWrite && (
          <div className="flex flex-wrap items-center gap-0.5">
            <Button
              variant="ghost"
              className="px-2"
              aria-label={`${t('catalogue.moveUp')}: ${name}`}
              disabled={first || props.busy}
              onClick={() => onMove(-1)}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              className="px-2"
              aria-label={`${t('catalogue.moveDown')}: ${name}`}
              disabled={last || props.busy}
              onClick={() => onMove(1)}
            >
              ↓
            </Button>
            {row.depth + 1 < MAX_CATEGORY_DEPTH && (
              <Button
                variant="ghost"
                className="px-2"
                onClick={() => props.onOpen({ kind: 'new', parentId: row.id })}
              >
                + {t('categories.newChild')}
              </Button>
            )}
            <Button
              variant="ghost"
              className="px-2"
              disabled={props.busy}
              onClick={() => props.onToggle(row)}
            >
              {row.is_active ? t('categories.hide') : t('categories.show')}
            </Button>
            <Button
              variant="ghost"
              className="px-2"
              onClick={() => props.onOpen({ kind: 'edit', row })}
            >
              {t('catalogue.edit')}
            </Button>
            <Button
              variant="ghost"
              className="px-2"
              onClick={() => props.onOpen({ kind: 'delete', row })}
            >
              {t('catalogue.delete')}
            </Button>
          </div>
        )}
      </div>
      <Siblings {...props} parentId={row.id} />
    </li>
  );
}

interface CategoryValues extends NamedValues {
  parent_id: string;
  image: string | null;
  is_top: boolean;
  is_active: boolean;
  ikpu: string;
  package_code: string;
  units: string;
  vat_percent: string;
}

/** What a category gives what is under it: its own code, else what it inherits. */
function givenBy(row: AdminCategory): InheritedFiscalCode {
  const coded = row.ikpu !== null && row.package_code !== null;
  const taxed = row.vat_percent !== null;
  return {
    ikpu: coded ? row.ikpu : row.inherited.ikpu,
    package_code: coded ? row.package_code : row.inherited.package_code,
    units: coded ? row.units : row.inherited.units,
    code_from: coded ? row.id : row.inherited.code_from,
    vat_percent: taxed ? row.vat_percent : row.inherited.vat_percent,
    vat_from: taxed ? row.id : row.inherited.vat_from,
  };
}

/** A number field's text as the API reads it: empty is null, digits a number, else as written. */
const numberOrText = (text: string) => {
  const value = text.replace(/\s/g, '');
  if (value === '') return null;
  return /^\d{1,9}$/.test(value) ? Number(value) : value;
};

/** Levels below a category: 0 for a leaf. */
function heightOf(rows: readonly AdminCategory[], id: number): number {
  const below = rows.filter((r) => r.parent_id === id);
  return below.length === 0 ? 0 : 1 + Math.max(...below.map((r) => heightOf(rows, r.id)));
}

function isUnder(rows: readonly AdminCategory[], id: number, ancestorId: number): boolean {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (let p: number | null = id; p != null; p = byId.get(p)?.parent_id ?? null) {
    if (p === ancestorId) return true;
  }
  return false;
}

function CategoryForm({
  rows,
  row,
  parentId,
  onDone,
}: {
  rows: readonly AdminCategory[];
  row: AdminCategory | undefined;
  parentId: number | null;
  onDone: () => void;
}) {
  const { t, lang } = useI18n();
  const form = useForm<CategoryValues>({
    defaultValues: {
      ...namedDefaults(row),
      parent_id: parentId === null ? '' : String(parentId),
      image: row?.image ?? null,
      is_top: row?.is_top ?? false,
      is_active: row?.is_active ?? true,
      ikpu: row?.ikpu ?? '',
      package_code: row?.package_code ?? '',
      units: row?.units === null || row?.units === undefined ? '' : String(row.units),
      vat_percent:
        row?.vat_percent === null || row?.vat_percent === undefined ? '' : String(row.vat_percent),
    },
  });
  const chosenParent = rows.find((r) => String(r.id) === form.watch('parent_id'));
  const inherited = chosenParent ? givenBy(chosenParent) : undefined;
  const nameOf = (id: number | null) => {
    const found = rows.find((r) => r.id === id);
    return found ? nameIn(found, lang) : '';
  };
  // where it may go: not under itself or its own, and not deeper than the storefront's 3 levels
  const height = row ? heightOf(rows, row.id) : 0;
  const parents = rows.filter(
    (r) => (!row || !isUnder(rows, r.id, row.id)) && r.depth + 1 + height + 1 <= MAX_CATEGORY_DEPTH,
  );
  return (
    <OwnRowForm
      dictionary="categories"
      row={row}
      form={form}
      picture="category"
      toBody={(v) => ({
        parent_id: v.parent_id === '' ? null : Number(v.parent_id),
        is_top: v.is_top,
        is_active: v.is_active,
        ikpu: v.ikpu.trim() || null,
        package_code: v.package_code.trim() || null,
        units: numberOrText(v.units),
        vat_percent: numberOrText(v.vat_percent),
      })}
      onDone={onDone}
    >
      {(server) => (
        <>
          <ChoiceField
            label={t('categories.parent')}
            none={t('categories.root')}
            choices={parents.map((p) => [p.id, indentedName(p, lang)] as const)}
            error={server.parent_id?.[0]}
            {...form.register('parent_id')}
          />
          <div className="col-span-2 flex gap-6">
            <label className="flex items-center gap-2">
              <input type="checkbox" {...form.register('is_active')} />
              {t('categories.isActive')}
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" {...form.register('is_top')} />
              {t('categories.isTop')}
            </label>
          </div>
          <fieldset className="col-span-2 grid grid-cols-1 gap-3 rounded-card border border-line p-3 sm:grid-cols-2">
            <legend className="px-1 font-medium">{t('categories.fiscal')}</legend>
            <p className="text-xs text-muted sm:col-span-2">{t('categories.fiscalHint')}</p>
            <FiscalCodeFields
              register={{
                ikpu: form.register('ikpu'),
                package_code: form.register('package_code'),
                units: form.register('units'),
                vat_percent: form.register('vat_percent'),
              }}
              errors={{
                ikpu: server.ikpu?.[0],
                package_code: server.package_code?.[0],
                units: server.units?.[0],
                vat_percent: server.vat_percent?.[0],
              }}
              inherited={inherited}
              codeFrom={nameOf(inherited?.code_from ?? null)}
              inheritedNone={t('categories.inheritedNone')}
              vatEmpty={
                inherited?.vat_percent === null || inherited === undefined
                  ? t('categories.vatDefault')
                  : t('categories.vatInherited', { rate: inherited.vat_percent })
              }
            />
          </fieldset>
        </>
      )}
    </OwnRowForm>
  );
}
