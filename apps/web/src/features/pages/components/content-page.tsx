import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useContentPage } from '../api/get-content-page.ts';

/** A page of text from the server (offer, delivery, return, licence, rules). */
export function ContentPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const page = useContentPage(slug);
  usePageMeta(page.data?.title ?? (page.isError ? t('not_found.title') : undefined));

  return (
    <div className="mx-auto max-w-[880px] px-3 pt-4 pb-10 md:px-4">
      {page.isPending ? (
        <div className="flex flex-col gap-3 rounded-[16px] bg-white p-6" aria-busy="true">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-4/6" />
        </div>
      ) : page.isError ? (
        <StateMessage
          title={t('not_found.title')}
          text={t('not_found.text')}
          action={
            <Link to="/" className={buttonClass('primary')}>
              {t('common.to_home')}
            </Link>
          }
        />
      ) : (
        <article className="rounded-[16px] bg-white p-5 md:p-8">
          <h1 className="mb-4 text-xl font-bold text-ink md:text-2xl">{page.data.title}</h1>
          <div
            data-testid="content-body"
            className="text-sm leading-relaxed text-ink [&_a]:text-primary [&_a]:underline [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-base [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mb-3"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitises page HTML
            dangerouslySetInnerHTML={{ __html: page.data.description }}
          />
        </article>
      )}
    </div>
  );
}

/** `/offer`, `/delivery`, `/return`, `/licence`, `/rules`. */
export function ContentRoutePage() {
  const { pathname } = useLocation();
  const slug = pathname.split('/')[1] ?? '';
  return <ContentPage key={slug} slug={slug} />;
}
