import { NavLink, useMatch } from 'react-router';
import { CardIcon } from '../../components/ui/icons.tsx';
import { placeholderKeys, Skeleton } from '../../components/ui/skeleton.tsx';
import { openSignInFor } from '../../features/auth/index.ts';
import {
  categoryPath,
  toggleCatalog,
  useCatalogOpen,
  useTopCategories,
} from '../../features/catalog/index.ts';
import { useCurrentRootSlug } from '../../features/category/api/get-category.ts';
import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { useIsSignedIn } from '../../lib/session.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative flex h-10 items-center rounded-sm whitespace-nowrap text-sm text-muted hover:text-ink',
    isActive &&
      'font-medium text-primary after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:rounded-full after:bg-primary',
  );

const ctaClass =
  'flex h-8 shrink-0 items-center gap-1.5 rounded-full bg-monthly px-3 text-sm font-semibold text-monthly-ink hover:bg-[#ffe97a]';

/**
 * The installment call-to-action. Every customer goes to /scoring, which continues their scoring
 * or, once passed, shows their limit; an anonymous visitor signs in first and lands there.
 */
function InstallmentCta({ className = ctaClass }: { className?: string }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const label = (
    <>
      <CardIcon className="size-4" />
      {t('nav.installment_cta')}
    </>
  );
  if (!signedIn) {
    return (
      <button type="button" onClick={() => openSignInFor('/scoring')} className={className}>
        {label}
      </button>
    );
  }
  return (
    <NavLink to="/scoring" className={className}>
      {label}
    </NavLink>
  );
}

/**
 * Below large screens, where the top bar is hidden: the call-to-action as a strip of its own
 * under the header, scrolling away with the page.
 */
export function InstallmentStrip() {
  return (
    <InstallmentCta className="flex h-10 w-full items-center justify-center gap-2 bg-monthly text-sm font-semibold text-monthly-ink hover:bg-[#ffe97a] lg:hidden" />
  );
}

/** Large screens only: the top categories, the installment call-to-action and "more" (SPEC §2). */
export function TopNav() {
  const { t } = useTranslation();
  const categories = useTopCategories();
  const catalogOpen = useCatalogOpen();
  const match = useMatch('/category/:slug');
  const currentRoot = useCurrentRootSlug(match?.params.slug);

  return (
    <nav
      aria-label={t('nav.categories_nav')}
      data-testid="top-nav"
      className="hidden items-center gap-6 lg:flex"
    >
      <ul className="flex h-10 min-w-0 flex-1 flex-wrap items-center gap-x-6 overflow-hidden">
        {categories.isPending
          ? placeholderKeys(8).map((key) => (
              <li key={key} className="flex h-10 items-center">
                <Skeleton className="h-3.5 w-20" />
              </li>
            ))
          : (categories.data ?? []).map((category) => (
              <li key={category.id}>
                <NavLink
                  to={categoryPath(category)}
                  className={({ isActive }) =>
                    linkClass({ isActive: isActive || category.slug === currentRoot })
                  }
                  aria-current={category.slug === currentRoot ? 'page' : undefined}
                >
                  {category.name}
                </NavLink>
              </li>
            ))}
      </ul>
      <InstallmentCta />
      <button
        type="button"
        onClick={toggleCatalog}
        aria-expanded={catalogOpen}
        className="flex h-10 shrink-0 items-center rounded-sm text-sm text-muted hover:text-ink"
      >
        {t('nav.more')}
      </button>
    </nav>
  );
}
