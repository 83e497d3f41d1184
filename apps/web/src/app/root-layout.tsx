import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from '../components/ui/toast.tsx';
import { SignInModal } from '../features/auth/index.ts';
import { closeCatalog } from '../features/catalog/index.ts';
import { PartnerModal } from '../features/partner/components/partner-modal.tsx';
import { BottomBar } from './layout/bottom-bar.tsx';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import { ProgressBar } from './progress-bar.tsx';

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
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <BottomBar />
      <PartnerModal />
      <SignInModal />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
