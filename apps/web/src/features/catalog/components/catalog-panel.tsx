import type { Category } from '@bozor/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { ErrorState } from '../../../components/ui/state-message.tsx';
import { useCategoryTree } from '../api/get-category-tree.ts';
import { closeCatalog, useCatalogOpen } from '../catalog-state.ts';
import { categoryPath } from '../category-path.ts';

const CHILDREN_SHOWN = 4;

function CategoryIcon({ category }: { category: Category }) {
  return (
    <span className="grid size-10 shrink-0 place-items-center overflow-hidden rounded-[10px] bg-page">
      {category.image ? (
        <img
          src={category.image}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          className="size-8 object-contain"
        />
      ) : null}
    </span>
  );
}

function RootCategory({ category }: { category: Category }) {
  const { t } = useTranslation();
  const more = category.children.length - CHILDREN_SHOWN;
  return (
    <li className="flex flex-col gap-2 rounded-[12px] p-2 hover:bg-page">
      <Link
        to={categoryPath(category)}
        onClick={closeCatalog}
        className="flex items-center gap-3 rounded-md font-semibold text-ink hover:text-primary"
      >
        <CategoryIcon category={category} />
        <span>{category.name}</span>
      </Link>
      {category.children.length > 0 && (
        <ul className="flex flex-col gap-1 pl-[52px] text-sm text-muted">
          {category.children.slice(0, CHILDREN_SHOWN).map((child) => (
            <li key={child.id}>
              <Link
                to={categoryPath(child)}
                onClick={closeCatalog}
                className="rounded-sm hover:text-primary"
              >
                {child.name}
              </Link>
            </li>
          ))}
          {more > 0 && (
            <li>
              <Link
                to={categoryPath(category)}
                onClick={closeCatalog}
                className="rounded-sm font-medium text-primary hover:underline"
              >
                {t('catalog.more', { n: more })}
              </Link>
            </li>
          )}
        </ul>
      )}
    </li>
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
          <ul className="grid gap-x-3 gap-y-1 sm:grid-cols-2 lg:grid-cols-4">
            {tree.data.map((category) => (
              <RootCategory key={category.id} category={category} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
