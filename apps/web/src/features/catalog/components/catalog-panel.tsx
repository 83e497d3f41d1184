import type { Category } from '@bozor/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useCategoryTree } from '../api/get-category-tree.ts';
import { closeCatalog, useCatalogOpen } from '../catalog-state.ts';
import { categoryPath } from '../category-path.ts';

function CategoryIcon({ category }: { category: Category }) {
  return (
    <span className="grid size-9 shrink-0 place-items-center overflow-hidden rounded-[10px] bg-page">
      {category.image ? (
        <img
          src={category.image}
          alt=""
          width={36}
          height={36}
          loading="lazy"
          className="size-7 object-contain"
        />
      ) : null}
    </span>
  );
}

/**
 * Large screens (SPEC §2): roots on the left; hovering or focusing one shows its name and its
 * children as columns, each listing its own children. Any link closes the overlay.
 */
function CatalogOverlay({ tree }: { tree: Category[] }) {
  const [activeId, setActiveId] = useState(tree[0]?.id);
  const active = tree.find((c) => c.id === activeId) ?? tree[0];
  return (
    <div className="hidden min-h-[420px] gap-6 lg:flex" data-testid="catalog-overlay">
      <ul className="w-72 shrink-0 border-r border-line pr-3">
        {tree.map((root) => (
          <li key={root.id}>
            <Link
              to={categoryPath(root)}
              onClick={closeCatalog}
              onMouseEnter={() => setActiveId(root.id)}
              onFocus={() => setActiveId(root.id)}
              className={cn(
                'flex items-center gap-3 rounded-[10px] px-2 py-1.5 text-sm font-medium',
                root.id === active?.id ? 'bg-primary-soft text-primary' : 'text-ink hover:bg-page',
              )}
            >
              <CategoryIcon category={root} />
              {root.name}
            </Link>
          </li>
        ))}
      </ul>
      {active && (
        <div className="min-w-0 flex-1">
          <Link
            to={categoryPath(active)}
            onClick={closeCatalog}
            className="mb-4 inline-block text-xl font-bold text-ink hover:text-primary"
          >
            {active.name}
          </Link>
          <div className="columns-3 gap-6">
            {active.children.map((child) => (
              <section key={child.id} className="mb-5 break-inside-avoid">
                <Link
                  to={categoryPath(child)}
                  onClick={closeCatalog}
                  className="mb-1.5 block text-sm font-semibold text-ink hover:text-primary"
                >
                  {child.name}
                </Link>
                <ul className="flex flex-col gap-1 text-sm text-muted">
                  {child.children.map((leaf) => (
                    <li key={leaf.id}>
                      <Link
                        to={categoryPath(leaf)}
                        onClick={closeCatalog}
                        className="hover:text-primary"
                      >
                        {leaf.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

/** The whole catalogue as one list: the popular list has every product, most popular first. */
const ALL_PRODUCTS_PATH = '/products/famous';

/** Phones and tablets: three levels one after another, each with an "all products" entry. */
function CatalogDrawer({ tree }: { tree: Category[] }) {
  const { t } = useTranslation();
  const [path, setPath] = useState<Category[]>([]);
  const parent = path.at(-1);
  const items = parent ? parent.children : tree;
  return (
    <div className="lg:hidden" data-testid="catalog-drawer">
      {parent && (
        <button
          type="button"
          onClick={() => setPath(path.slice(0, -1))}
          className="mb-2 flex items-center gap-1 rounded-md text-sm font-semibold text-primary"
        >
          <ChevronLeftIcon className="size-4" />
          {path.at(-2)?.name ?? t('catalog.title')}
        </button>
      )}
      {parent && <h3 className="mb-2 text-base font-bold text-ink">{parent.name}</h3>}
      <ul className="flex flex-col">
        <li>
          <Link
            to={parent ? categoryPath(parent) : ALL_PRODUCTS_PATH}
            onClick={closeCatalog}
            className="flex items-center justify-between border-b border-line py-3 text-sm font-semibold text-primary"
          >
            {t('catalog.all_products')}
          </Link>
        </li>
        {items.map((category) =>
          category.children.length > 0 ? (
            <li key={category.id}>
              <button
                type="button"
                onClick={() => setPath([...path, category])}
                className="flex w-full items-center gap-3 border-b border-line py-2.5 text-left text-sm text-ink"
              >
                {!parent && <CategoryIcon category={category} />}
                <span className="flex-1">{category.name}</span>
                <ChevronRightIcon className="size-4 text-muted" />
              </button>
            </li>
          ) : (
            <li key={category.id}>
              <Link
                to={categoryPath(category)}
                onClick={closeCatalog}
                className="flex items-center gap-3 border-b border-line py-2.5 text-sm text-ink"
              >
                {category.name}
              </Link>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

/**
 * The catalogue panel under the header: every root category with its first children.
 * Escape, the backdrop and any link close it.
 */
export function CatalogPanel() {
  const { t } = useTranslation();
  const open = useCatalogOpen();
  const tree = useCategoryTree(open);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeCatalog();
    };
    document.addEventListener('keydown', onKey);
    // the page under the panel should not scroll along with it
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  return (
    <div className="absolute inset-x-0 top-full z-40">
      <div
        className="fixed inset-0 top-0 -z-10 bg-black/40"
        aria-hidden="true"
        onClick={closeCatalog}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-label={t('catalog.title')}
        tabIndex={-1}
        className="mx-auto max-h-[calc(100dvh-8.5rem)] max-w-[1280px] overflow-y-auto rounded-b-[16px] bg-white p-4 shadow-xl outline-none md:max-h-[calc(100dvh-7rem)] md:p-6"
      >
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-lg font-bold">{t('catalog.title')}</h2>
          <button
            type="button"
            onClick={closeCatalog}
            aria-label={t('common.close')}
            className="grid size-9 place-items-center rounded-full hover:bg-page"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        {tree.isPending ? (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
            {placeholderKeys(8).map((key) => (
              <li key={key} className="flex items-center gap-3 p-2">
                <Skeleton className="size-10 rounded-[10px]" />
                <Skeleton className="h-4 w-32" />
              </li>
            ))}
          </ul>
        ) : tree.isError ? (
          <ErrorState message={tree.error.message} onRetry={() => void tree.refetch()} />
        ) : (
          <>
            <CatalogOverlay tree={tree.data} />
            <CatalogDrawer tree={tree.data} />
          </>
        )}
      </div>
    </div>
  );
}
