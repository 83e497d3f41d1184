import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { useNarrowScreen } from '../components/narrow-screen.ts';
import { Button, cn, ErrorState, Loading, useModalDialog } from '../components/ui.tsx';
import { post } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useSession, useSetSession, useStaff } from '../lib/session.tsx';
import { NAV_GROUPS, SECTIONS, type Section } from './sections.tsx';

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
  const { can } = useStaff();
  const location = useLocation();
  const narrow = useNarrowScreen();
  // the dashboard is the sales desk's first screen; a role without it starts at its own first one
  const home = SECTIONS.find((section) => can(section.permission));
  if (location.pathname === '/' && !can('orders.read') && home && home.to !== '/') {
    return <Navigate to={home.to} replace />;
  }
  if (narrow) return <PhoneShell />;
  return (
    <div className="flex min-h-screen">
      <aside className="sticky top-0 flex h-screen w-56 shrink-0 flex-col border-r border-line bg-white">
        <div className="flex h-12 shrink-0 items-center justify-between gap-2 px-4">
          <Brand />
          <LanguageSwitch />
        </div>
        <Navigation />
        <div className="flex items-center gap-2 border-t border-line px-3 py-2.5">
          <StaffName />
          <SignOut />
        </div>
      </aside>
      <main className="min-w-0 flex-1 px-6 py-5">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * A phone's screen: a top bar, and the navigation in a drawer over the page that the menu button
 * opens. The drawer is open only on the page it was opened on, so going anywhere closes it.
 */
function PhoneShell() {
  const { t } = useI18n();
  const location = useLocation();
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const close = () => {
    setOpenOn(null);
    menuButton.current?.focus();
  };
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 flex h-12 items-center gap-1 border-b border-line bg-white px-1.5">
        <button
          ref={menuButton}
          type="button"
          aria-label={t('nav.menu')}
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpenOn(location.key)}
          className="grid size-10 place-items-center rounded-control text-ink hover:bg-page"
        >
          <MenuIcon />
        </button>
        <Brand />
      </header>
      <Drawer id={drawerId} open={open} label={t('nav.menu')} onClose={close}>
        <div className="flex h-12 shrink-0 items-center justify-between gap-2 border-b border-line pr-1.5 pl-4">
          <Brand />
          <button
            type="button"
            aria-label={t('nav.closeMenu')}
            onClick={close}
            className="grid size-10 place-items-center rounded-control text-ink hover:bg-page"
          >
            <CloseIcon />
          </button>
        </div>
        <Navigation touch onNavigate={close} />
        <div className="flex flex-col gap-3 border-t border-line px-4 py-3">
          <StaffName />
          <div className="flex items-center justify-between gap-2">
            <LanguageSwitch className="[&>button]:px-3 [&>button]:py-1.5" />
            <SignOut />
          </div>
        </div>
      </Drawer>
      <main className="min-w-0 px-3 pt-3 pb-8">
        <Outlet />
      </main>
    </div>
  );
}

const focusFirstControl = (dialog: HTMLDialogElement) =>
  dialog.querySelector<HTMLElement>('button, a[href]')?.focus();

/**
 * The navigation as a sheet from the left (the browser's modal `<dialog>`: the page behind is out
 * of reach, Escape closes it). Opening moves the focus to its first control; a tap on the
 * backdrop closes it; the page under it does not scroll.
 */
function Drawer({
  id,
  open,
  label,
  onClose,
  children,
}: {
  id: string;
  open: boolean;
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useModalDialog(open, focusFirstControl);
  useEffect(() => {
    if (!open) return;
    const page = document.documentElement;
    page.classList.add('overflow-hidden');
    return () => page.classList.remove('overflow-hidden');
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap on the backdrop closes; Escape does the same natively
    <dialog
      ref={ref}
      id={id}
      aria-label={label}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="inset-y-0 left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] flex-col border-r border-line bg-white p-0 text-ink shadow-xl backdrop:bg-ink/40 open:flex"
    >
      {open && children}
    </dialog>
  );
}

function Navigation({ touch = false, onNavigate }: { touch?: boolean; onNavigate?: () => void }) {
  const { t } = useI18n();
  const { can } = useStaff();
  return (
    <nav aria-label={t('app.name')} className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
      {NAV_GROUPS.map((group) => {
        const sections = SECTIONS.filter(
          (section) => section.group === group && can(section.permission),
        );
        if (sections.length === 0) return null;
        return (
          <NavGroup
            key={group}
            title={t(group)}
            sections={sections}
            touch={touch}
            onNavigate={onNavigate}
          />
        );
      })}
    </nav>
  );
}

function NavGroup({
  title,
  sections,
  touch,
  onNavigate,
}: {
  title: string;
  sections: readonly Section[];
  touch: boolean;
  onNavigate: (() => void) | undefined;
}) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <>
      <p
        id={titleId}
        className={cn(
          'px-3 pb-0.5 text-[11px] leading-4 font-semibold tracking-wide text-muted uppercase',
          touch ? 'pt-4' : 'pt-2.5',
        )}
      >
        {title}
      </p>
      <ul aria-labelledby={titleId} className="flex flex-col">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end ?? false}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center rounded-control px-3 font-medium',
                  touch ? 'py-2.5' : 'py-[3px]',
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
    </>
  );
}

function Brand() {
  return (
    <span className="text-base font-bold tracking-tight">
      <span className="text-primary">bozor</span> <span className="text-muted">admin</span>
    </span>
  );
}

function StaffName() {
  const { t } = useI18n();
  const { staff } = useStaff();
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate font-medium" title={staff.email}>
        {staff.name}
      </p>
      <p className="truncate text-xs text-muted">{t(`role.${staff.role}`)}</p>
    </div>
  );
}

function SignOut() {
  const { t } = useI18n();
  const setSession = useSetSession();
  const signOut = useMutation({
    mutationFn: () => post('/auth/sign-out'),
    onSettled: () => setSession(null),
  });
  return (
    <Button
      variant="ghost"
      className="h-8 shrink-0 px-2"
      busy={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      {t('nav.signOut')}
    </Button>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
      <path strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
      <path strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
