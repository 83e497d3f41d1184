import { useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitScoring } from '../api/submit-scoring.ts';
import { GuarantorsList } from './guarantors-step.tsx';

/** Where each answer of the decision leads. */
const OUTCOME_PAGES = {
  approved: '/scoring/finish',
  rejected: '/scoring/error',
  review: '/scoring/review',
} as const;

/**
 * Scoring's last step: everything is given, the customer may still change the contact persons,
 * and sends it all for the decision. An approval leads to the limit, a refusal to its reason, a
 * scoring a credit officer decides to the page that says so; the decision goes along, so its page
 * shows it in the decision's own words.
 */
export function DecisionStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitScoring();
  const [editing, setEditing] = useState(false);

  const send = async () => {
    try {
      const decision = await submit.mutateAsync();
      // the outcome's page asks for the profile and limit the decision changed
      navigate(OUTCOME_PAGES[decision.status], { state: { decision } });
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-[12px] bg-primary-soft p-4">
        <ShieldIcon className="size-6 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-ink">{t('scoring.decision.ready')}</p>
          <p className="text-sm text-muted">{t('scoring.decision.text')}</p>
        </div>
      </div>

      {editing ? (
        <GuarantorsList />
      ) : (
        <button
          type="button"
          onClick={() => setEditing(true)}
          className={cn(buttonClass('ghost'), 'self-start px-2 text-primary')}
        >
          {t('scoring.decision.edit_guarantors')}
        </button>
      )}

      <button
        type="button"
        onClick={send}
        disabled={submit.isPending}
        aria-busy={submit.isPending || undefined}
        className={cn(buttonClass('primary'), 'h-12 w-full text-base')}
      >
        {submit.isPending && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
          />
        )}
        {submit.isPending ? t('scoring.decision.checking') : t('scoring.decision.submit')}
      </button>
      {submit.isPending && (
        <p role="status" className="text-center text-sm text-muted">
          {t('scoring.decision.wait')}
        </p>
      )}
    </div>
  );
}
