import type { Permission } from '@bozor/shared';
import { useMutation } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { Button, cn, ErrorState, Loading } from '../components/ui.tsx';
import { NewPartnersBadge } from '../features/partners/badges.tsx';
import type { TextKey } from '../i18n/texts.ts';
import { post } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useSession, useSetSession, useStaff } from '../lib/session.tsx';

/** The sections, each shown only to roles that may read it. */
const SECTIONS: {
  to: string;
  text: TextKey;
  permission: Permission;
  end?: boolean;
  /** A count beside the name (what waits there). */
  badge?: ComponentType;
}[] = [
  { to: '/', text: 'nav.dashboard', permission: 'orders.read', end: true },
  { to: '/orders', text: 'nav.orders', permission: 'orders.read' },
  { to: '/returns', text: 'nav.returns', permission: 'orders.read' },
  { to: '/scoring', text: 'nav.scoring', permission: 'scoring.review' },
  { to: '/credits', text: 'nav.credits', permission: 'credits.read' },
  { to: '/collections', text: 'nav.collections', permission: 'credits.read' },
  { to: '/customers', text: 'nav.customers', permission: 'customers.read' },
  { to: '/payments', text: 'nav.payments', permission: 'money.read' },
  { to: '/imports', text: 'nav.imports', permission: 'catalogue.write' },
  { to: '/catalogue', text: 'nav.catalogue', permission: 'catalogue.read' },
  { to: '/content/banners', text: 'nav.banners', permission: 'catalogue.read' },
  { to: '/content/pages', text: 'nav.pages', permission: 'catalogue.read' },
  { to: '/content/faq', text: 'nav.faq', permission: 'catalogue.read' },
  { to: '/content/branches', text: 'nav.branches', permission: 'catalogue.read' },
  { to: '/content/contacts', text: 'nav.contacts', permission: 'catalogue.read' },
  { to: '/partners', text: 'nav.partners', permission: 'partners.read', badge: NewPartnersBadge },
  { to: '/products', text: 'nav.products', permission: 'catalogue.read' },
  { to: '/reports', text: 'nav.reports', permission: 'reports.read' },
  { to: '/staff', text: 'nav.staff', permission: 'staff.manage' },
  { to: '/audit', text: 'nav.audit', permission: 'audit.read' },
];

export function Layout() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading />;
  if (session.isError) {
    return (
      <div className="mx-auto max-w-xl p-8">
        <ErrorState error={session.error} retry={() => session.refetch()} />
      </div>
    );
  }
  if (!session.data) {
    const next = location.pathname + location.search;
    return (
      <Navigate to={`/sign-in${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`} replace />
    );
  }
  return <Shell />;
}

function Shell() {
  const { t } = useI18n();
  const { staff, can } = useStaff();
  const location = useLocation();
  const setSession = useSetSession();
  const signOut = useMutation({
    mutationFn: () => post('/auth/sign-out'),
    onSettled: () => setSession(null),
  });
  // the dashboard is the sales desk's first screen; a role without it starts at its own first one
  const home = SECTIONS.find((section) => can(section.permission));
  if (location.pathname === '/' && !can('orders.read') && home && home.to !== '/') {
    return <Navigate to={home.to} replace />;
  }
  return (
    <div className="flex min-h-screen">
      <aside className="sticky top-0 flex h-screen w-56 shrink-0 flex-col border-r border-line bg-white">
        <div className="px-4 py-4 text-base font-bold tracking-tight">
          <span className="text-primary">bozor</span> <span className="text-muted">admin</span>
        </div>
        <nav aria-label={t('app.name')} className="flex-1 overflow-y-auto px-2">
          <ul className="flex flex-col gap-0.5">
            {SECTIONS.filter((section) => can(section.permission)).map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.end ?? false}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center rounded-control px-3 py-2 font-medium',
                      isActive ? 'bg-primary-soft text-primary' : 'text-ink hover:bg-page',
                    )
                  }
                >
                  {t(section.text)}
                  {section.badge && <section.badge />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-line p-3">
          <p className="truncate font-medium" title={staff.email}>
            {staff.name}
          </p>
          <p className="text-xs text-muted">{t(`role.${staff.role}`)}</p>
          <div className="mt-3 flex items-center gap-2">
            <LanguageSwitch />
            <Button
              variant="ghost"
              className="ml-auto h-7 px-2"
              busy={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              {t('nav.signOut')}
            </Button>
          </div>
        </div>
      </aside>
      <main className="min-w-0 flex-1 px-6 py-5">
        <Outlet />
      </main>
    </div>
  );
}

/** A page a role may not read says so instead of showing refusals. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: React.ReactNode;
}) {
  const { t } = useI18n();
  const { can } = useStaff();
  if (!can(permission))
    return <p className="py-16 text-center text-muted">{t('common.noAccess')}</p>;
  return children;
}
