import type { Question } from '@bozor/shared';
import { Link } from 'react-router';
import { JsonLd } from '../../../components/seo/json-ld.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useQuestions } from '../api/get-questions.ts';

function QuestionMarkIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M9.6 9.4a2.5 2.5 0 0 1 4.9.6c0 1.7-2.5 2.2-2.5 3.8M12 16.8v.2"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

function QuestionsSkeleton() {
  return (
    <ul className="flex flex-col gap-2" aria-busy="true">
      {placeholderKeys(5).map((key) => (
        <li key={key} className="flex items-center gap-3 rounded-[12px] bg-white px-4 py-4 md:px-5">
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="size-5 rounded-full" />
        </li>
      ))}
    </ul>
  );
}

/** Each question opens its answer in place: native disclosure, so keyboard and readers know it. */
function QuestionList({ questions }: { questions: readonly Question[] }) {
  return (
    <ul className="flex flex-col gap-2" data-testid="questions">
      {questions.map((q) => (
        <li key={q.id}>
          <details className="group rounded-[12px] bg-white">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-[12px] px-4 py-3.5 text-[15px] font-semibold text-ink hover:text-primary md:px-5 md:py-4 [&::-webkit-details-marker]:hidden">
              {q.question}
              <ChevronDownIcon className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180" />
            </summary>
            <p className="px-4 pb-4 text-sm leading-relaxed whitespace-pre-line text-ink md:px-5 md:pb-5">
              {q.answer}
            </p>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** /faq: the shop's frequently asked questions, as the API keeps them, in the page's language. */
export function FaqPage() {
  const { t } = useTranslation();
  const questions = useQuestions();
  usePageMeta(t('faq.title'), t('faq.meta_description'));

  return (
    <div className="mx-auto max-w-[880px] px-3 pt-4 pb-10 md:px-4 md:pt-6">
      <h1 className="text-xl font-bold text-ink md:text-2xl">{t('faq.title')}</h1>
      <p className="mt-1 mb-4 text-sm text-muted">{t('faq.lead')}</p>
      <ListStates
        query={questions}
        loading={<QuestionsSkeleton />}
        empty={
          <StateMessage
            icon={<QuestionMarkIcon className="size-7" />}
            title={t('faq.empty_title')}
            text={t('faq.empty_text')}
            action={
              <Link to="/" className={buttonClass('primary')}>
                {t('common.to_home')}
              </Link>
            }
          />
        }
      >
        {(list) => (
          <>
            <QuestionList questions={list} />
            <JsonLd
              data={{
                '@context': 'https://schema.org',
                '@type': 'FAQPage',
                mainEntity: list.map((q) => ({
                  '@type': 'Question',
                  name: q.question,
                  acceptedAnswer: { '@type': 'Answer', text: q.answer },
                })),
              }}
            />
          </>
        )}
      </ListStates>
    </div>
  );
}
