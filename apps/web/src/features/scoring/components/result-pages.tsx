import { ScoringDecision } from '@bozor/shared';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { AlertIcon, CheckIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { updateCheckoutDraft, useCheckoutDraft } from '../../checkout/index.ts';
import { useCreditLimit } from '../api/get-credit-limit.ts';
import { useRefreshAfterDecision } from '../api/submit-scoring.ts';
import { isApproved, useScoringCustomer } from './scoring-layout.tsx';

/**
 * The decision the last submission answered, handed on by the decision step; with one, what it
 * changed (the profile, the limit) is asked again.
 */
function useDecision(): ScoringDecision | null {
  const state = useLocation().state as { decision?: unknown } | null;
  const parsed = ScoringDecision.safeParse(state?.decision);
  const decision = parsed.success ? parsed.data : null;
  const refresh = useRefreshAfterDecision();
  const decided = decision != null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per decision shown
  useEffect(() => {
    if (decided) refresh();
  }, [decided]);
  return decision;
}

/**
 * The way back to the order a customer left checkout for (SPEC's isOrder), if they did: approved,
 * to go on with installments; otherwise to buy it paying in full.
 */
function BackToOrder({ label }: { label: string }) {
  const { scoringForOrder } = useCheckoutDraft();
  if (!scoringForOrder) return null;
  return (
    <Link
      to="/checkout"
      onClick={() => updateCheckoutDraft({ scoringForOrder: false })}
      className={cn(buttonClass('primary'), 'h-12 sm:col-span-2')}
    >
      {label}
    </Link>
  );
}

const TONES = {
  success: { className: 'bg-success/10 text-success', icon: <CheckIcon className="size-8" /> },
  danger: { className: 'bg-danger/10 text-danger', icon: <AlertIcon className="size-8" /> },
  waiting: { className: 'bg-primary-soft text-primary', icon: <ShieldIcon className="size-8" /> },
};

function ResultCard({
  tone,
  title,
  children,
  actions,
}: {
  tone: keyof typeof TONES;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  usePageMeta(title);
  return (
    <section
      aria-labelledby="scoring-result-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-[16px] bg-white px-5 py-8 text-center md:px-10 md:py-12"
    >
      <span className={cn('grid size-16 place-items-center rounded-full', TONES[tone].className)}>
        {TONES[tone].icon}
      </span>
      <h1 id="scoring-result-title" className="text-xl font-bold text-ink md:text-2xl">
        {title}
      </h1>
      {children}
      <div className="mt-2 grid w-full gap-2 sm:grid-cols-2">{actions}</div>
    </section>
  );
}

/** /scoring/finish: scoring passed — the limit granted and the way to spend it. */
export function FinishPage() {
  const { t } = useTranslation();
  const info = useScoringCustomer();
  const decision = useDecision();
  const limit = useCreditLimit();
  const formatMoney = useFormatMoney();
  const forOrder = useCheckoutDraft().scoringForOrder;

  if (!isApproved(info) && !decision?.approved) return <Navigate to="/scoring" replace />;

  return (
    <ResultCard
      tone="success"
      title={t('scoring.finish.title')}
      actions={
        <>
          <BackToOrder label={t('scoring.finish.to_checkout')} />
          <Link to="/" className={cn(buttonClass(forOrder ? 'secondary' : 'primary'), 'h-12')}>
            {t('scoring.finish.shop')}
          </Link>
          <Link to="/profile/installments" className={cn(buttonClass('secondary'), 'h-12')}>
            {t('scoring.my_credits')}
          </Link>
        </>
      }
    >
      <p className="text-sm text-muted">{t('scoring.finish.text')}</p>
      {limit.isError ? (
        <ErrorState
          className="w-full py-4"
          message={failureMessage(limit.error)}
          onRetry={() => void limit.refetch()}
        />
      ) : (
        <div className="flex w-full flex-col items-center gap-1 rounded-[12px] bg-monthly px-4 py-5 text-monthly-ink">
          <span className="text-sm font-medium">{t('scoring.finish.limit')}</span>
          {limit.data ? (
            <span className="text-3xl font-extrabold tabular-nums" data-testid="credit-limit">
              {formatMoney(limit.data.limit)}
            </span>
          ) : (
            <Skeleton className="h-9 w-48 bg-black/10" />
          )}
          {limit.data && limit.data.used > 0 && (
            <span className="text-sm">
              {t('scoring.finish.available', { amount: formatMoney(limit.data.available) })}
            </span>
          )}
        </div>
      )}
    </ResultCard>
  );
}

/** /scoring/error: scoring said no — why, when a new try is possible, and the ways on (SPEC §2). */
export function ScoringErrorPage() {
  const { t } = useTranslation();
  const { scoring } = useScoringCustomer();
  const decision = useDecision();
  const formatDate = useFormatDate();
  const forOrder = useCheckoutDraft().scoringForOrder;

  const rejected = scoring.step === 'rejected' || decision?.approved === false;
  if (!rejected) return <Navigate to="/scoring" replace />;
  // the decision words its reason, and so does a credit officer; the profile keeps only the
  // automatic reason's code (LOW_INCOME…)
  const reason =
    decision?.reason ??
    scoring.reason_text ??
    (scoring.reason
      ? t(`scoring.error.reasons.${scoring.reason}`, {
          defaultValue: t('scoring.error.reason_other'),
        })
      : null);
  const retryAt = decision?.retry_at ?? scoring.retry_at;

  return (
    <ResultCard
      tone="danger"
      title={t('scoring.error.title')}
      actions={
        <>
          <BackToOrder label={t('scoring.error.pay_in_full')} />
          <Link to="/" className={cn(buttonClass(forOrder ? 'secondary' : 'primary'), 'h-12')}>
            {t('scoring.error.to_main')}
          </Link>
          <Link to="/profile/installments" className={cn(buttonClass('secondary'), 'h-12')}>
            {t('scoring.my_credits')}
          </Link>
        </>
      }
    >
      {reason && (
        <p className="w-full rounded-[12px] bg-page p-4 text-sm text-ink" data-testid="reason">
          {reason}
        </p>
      )}
      <p className="text-sm text-muted">
        {retryAt
          ? t('scoring.error.retry_at', { date: formatDate(retryAt, true) })
          : t('scoring.error.retry_now')}
      </p>
    </ResultCard>
  );
}

/**
 * /scoring/review: the scoring waits for a credit officer (where the card gateway tells no
 * turnover) — what happens next, when it was sent, and the ways on while it waits.
 */
export function ScoringReviewPage() {
  const { t } = useTranslation();
  const info = useScoringCustomer();
  const decision = useDecision();
  const formatDate = useFormatDate();
  const forOrder = useCheckoutDraft().scoringForOrder;

  if (isApproved(info)) return <Navigate to="/scoring/finish" replace />;
  if (info.scoring.step === 'rejected') return <Navigate to="/scoring/error" replace />;
  if (info.scoring.step !== 'review' && decision?.status !== 'review') {
    return <Navigate to="/scoring" replace />;
  }
  const sentAt = info.scoring.review_since;

  return (
    <ResultCard
      tone="waiting"
      title={t('scoring.review.title')}
      actions={
        <>
          <BackToOrder label={t('scoring.error.pay_in_full')} />
          <Link to="/" className={cn(buttonClass(forOrder ? 'secondary' : 'primary'), 'h-12')}>
            {t('scoring.review.shop')}
          </Link>
          <Link to="/profile/notifications" className={cn(buttonClass('secondary'), 'h-12')}>
            {t('scoring.review.notifications')}
          </Link>
        </>
      }
    >
      <p className="text-sm text-ink">{t('scoring.review.text')}</p>
      <p className="w-full rounded-[12px] bg-page p-4 text-sm text-ink" data-testid="next">
        {t('scoring.review.next')}
      </p>
      {sentAt && (
        <p className="text-sm text-muted">
          {t('scoring.review.sent_at', { date: formatDate(sentAt, true) })}
        </p>
      )}
    </ResultCard>
  );
}
