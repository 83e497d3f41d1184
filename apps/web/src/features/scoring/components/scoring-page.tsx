import { MAX_GUARANTORS, MIN_GUARANTORS, type ScoringStep } from '@bozor/shared';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import {
  CardIcon,
  CheckIcon,
  ChevronRightIcon,
  ImageIcon,
  PeopleIcon,
  ShieldIcon,
  UserIcon,
} from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { CardStep } from './card-step.tsx';
import { DecisionStep } from './decision-step.tsx';
import { FaceStep } from './face-step.tsx';
import { GuarantorsStep } from './guarantors-step.tsx';
import { useScoringCustomer } from './scoring-layout.tsx';

/** The steps a customer walks through, in order; the outcomes come after them. */
export const STEPS = ['personal', 'face', 'card', 'guarantors', 'decision'] as const;
type Step = (typeof STEPS)[number];

const ICONS: Record<Step, ReactNode> = {
  personal: <UserIcon className="size-5" />,
  face: <ImageIcon className="size-5" />,
  card: <CardIcon className="size-5" />,
  guarantors: <PeopleIcon className="size-5" />,
  decision: <ShieldIcon className="size-5" />,
};

const isStep = (step: ScoringStep): step is Step => (STEPS as readonly string[]).includes(step);

/**
 * Where a done step is changed until scoring decides: the details' own page, the face step again
 * here, the card list. Contact persons are changed on the decision step itself.
 */
const CHANGE_PATHS: Partial<Record<Step, string>> = {
  personal: '/scoring/personal',
  face: '/scoring?step=face',
  card: '/scoring/list-cards',
};

/** A done step the customer asked to see again (`?step=`), if it can be changed here. */
function revisitedStep(param: string | null, current: Step): Step | null {
  if (param !== 'face') return null;
  return STEPS.indexOf(param) < STEPS.indexOf(current) ? param : null;
}

/** Where the customer stands: what each step asks, done ones ticked, the current one marked. */
function StepList({ current, shown }: { current: Step; shown: Step }) {
  const { t } = useTranslation();
  const currentIndex = STEPS.indexOf(current);
  return (
    <ol className="flex flex-col gap-1" aria-label={t('scoring.steps_label')}>
      {STEPS.map((step, index) => {
        const done = index < currentIndex;
        const active = step === shown;
        const changePath = done ? CHANGE_PATHS[step] : undefined;
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            className={cn('flex items-start gap-3 rounded-[10px] p-3', active && 'bg-primary-soft')}
          >
            <span
              className={cn(
                'grid size-9 shrink-0 place-items-center rounded-full',
                done
                  ? 'bg-success text-white'
                  : active
                    ? 'bg-primary text-white'
                    : 'bg-page text-muted',
              )}
            >
              {done ? <CheckIcon className="size-5" /> : ICONS[step]}
            </span>
            <span className="flex min-w-0 flex-col">
              <span className={cn('text-sm font-semibold', active ? 'text-primary' : 'text-ink')}>
                {t(`scoring.steps.${step}.title`)}
                {done && <span className="sr-only"> — {t('scoring.step_done')}</span>}
              </span>
              <span className="text-xs text-muted">
                {t(`scoring.steps.${step}.need`, { min: MIN_GUARANTORS, max: MAX_GUARANTORS })}
              </span>
            </span>
            {changePath && !active && (
              <Link
                to={changePath}
                aria-label={t('scoring.change_step_label', {
                  step: t(`scoring.steps.${step}.title`),
                })}
                className="ml-auto shrink-0 self-center rounded-md px-2 py-1 text-xs font-semibold text-primary hover:bg-primary-soft"
              >
                {t('scoring.change_step')}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** "Step 2 of 5" with a bar of five segments. */
function StepCounter({ current }: { current: Step }) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(current);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold text-primary" data-testid="step-counter">
        {t('scoring.step_of', { n: index + 1, total: STEPS.length })}
      </p>
      <div className="grid grid-cols-5 gap-1" aria-hidden="true">
        {STEPS.map((step, i) => (
          <span
            key={step}
            className={cn('h-1.5 rounded-full', i <= index ? 'bg-primary' : 'bg-black/10')}
          />
        ))}
      </div>
    </div>
  );
}

/** The current step's panel, or a done one shown again to change it. */
function CurrentStep({ step, onChanged }: { step: Step; onChanged?: () => void }) {
  switch (step) {
    case 'personal':
      return <PersonalStepLink />;
    case 'face':
      return <FaceStep onSent={onChanged} />;
    case 'card':
      return <CardStep />;
    case 'guarantors':
      return <GuarantorsStep />;
    case 'decision':
      return <DecisionStep />;
  }
}

function PersonalStepLink() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-sm text-muted">{t('scoring.personal.intro')}</p>
      <Link to="/scoring/personal" className={cn(buttonClass('primary'), 'h-12 w-full sm:w-auto')}>
        {t('scoring.personal.start')}
        <ChevronRightIcon className="size-4" />
      </Link>
    </div>
  );
}

/**
 * /scoring: what scoring needs and where the customer stands. It opens at the step the server
 * says is next (`scoring.step`), so a customer who left halfway continues there.
 */
export function ScoringPage() {
  const { t } = useTranslation();
  const info = useScoringCustomer();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  usePageMeta(t('scoring.title'));
  // the outcomes never reach this page (ScoringInProgress sends them on)
  const current: Step = isStep(info.scoring.step) ? info.scoring.step : 'personal';
  const revisited = revisitedStep(params.get('step'), current);
  const step = revisited ?? current;
  const backToCurrent = () => navigate('/scoring', { replace: true });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-bold md:text-2xl">{t('scoring.title')}</h1>
        <p className="max-w-2xl text-sm text-muted">{t('scoring.intro')}</p>
      </div>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[340px_minmax(0,1fr)]">
        <section
          aria-labelledby="scoring-step-title"
          className="flex flex-col gap-4 rounded-[12px] bg-white p-4 md:p-6 lg:order-2"
        >
          <StepCounter current={step} />
          <h2 id="scoring-step-title" className="text-lg font-bold text-ink md:text-xl">
            {t(`scoring.steps.${step}.title`)}
          </h2>
          {revisited && (
            <div className="flex flex-col items-start gap-2 rounded-[10px] bg-page p-3 text-sm text-ink sm:flex-row sm:items-center sm:justify-between">
              <p>{t('scoring.changing')}</p>
              <Link to="/scoring" replace className="shrink-0 font-semibold text-primary">
                {t('scoring.back_to_current')}
              </Link>
            </div>
          )}
          <CurrentStep step={step} onChanged={revisited ? backToCurrent : undefined} />
        </section>
        <aside
          aria-labelledby="scoring-needs-title"
          className="rounded-[12px] bg-white p-2 lg:sticky lg:top-32 lg:order-1"
        >
          <h2 id="scoring-needs-title" className="px-3 pt-2 pb-1 text-sm font-semibold text-muted">
            {t('scoring.needs_title')}
          </h2>
          <StepList current={current} shown={step} />
        </aside>
      </div>
    </div>
  );
}
