import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { Deferred, OnceOpened, part } from '../components/deferred.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { useSignInOpen } from '../features/auth/index.ts';
import { closeCatalog } from '../features/catalog/index.ts';
import { useTranslation } from '../lib/i18n/react.tsx';
import { loadAccountTexts } from '../lib/i18n.ts';
import { BottomBar } from './layout/bottom-bar.tsx';
import { Header } from './layout/header.tsx';
import { InstallmentStrip } from './layout/top-nav.tsx';
import { PageFallback, ProgressBar } from './progress-bar.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

// the modals' code (their forms and checks) loads when one is first opened, not with the page
const SignInModal = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/auth/components/sign-in-modal.tsx'),
    loadAccountTexts(),
  ]);
  return { default: module.SignInModal };
});
const PartnerModal = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/partner/components/partner-modal.tsx'),
    loadAccountTexts(),
  ]);
  return { default: module.PartnerModal };
});

/** The footer is below every page's fold: its code comes after the page's. */
const footer = part(() => import('./layout/footer.tsx').then((m) => m.Footer));

function Modals() {
  const signInOpen = useSignInOpen();
  const [search] = useSearchParams();
  return (
    <>
      <OnceOpened open={search.get('partner') === '1'}>
        <PartnerModal />
      </OnceOpened>
      <OnceOpened open={signInOpen}>
        <SignInModal />
      </OnceOpened>
    </>
  );
}

/** The main layout: header, the page, footer, the phone bottom bar and the toasts. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();

  // navigating anywhere closes the catalogue panel
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => closeCatalog(), [pathname, search]);

  return (
    <div className="flex min-h-dvh flex-col pb-[calc(3.5rem+env(safe-area-inset-bottom))] md:pb-0">
      <a
        href="#main"
        className="sr-only z-[70] rounded-md bg-primary px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common.skip_to_content')}
      </a>
      <ProgressBar />
      <Header />
      <InstallmentStrip />
      <main id="main" className="flex-1">
        {/* a page whose code is still loading on its first visit shows the bar meanwhile */}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Deferred part={footer} />
      </Suspense>
      <BottomBar />
      <Modals />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
