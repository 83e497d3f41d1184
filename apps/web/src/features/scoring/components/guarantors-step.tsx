import { formatPhone, type Guarantor, MAX_GUARANTORS, MIN_GUARANTORS } from '@bozor/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PeopleIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { SkeletonList } from '../../../components/ui/list-states.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeleteGuarantor } from '../api/delete-guarantor.ts';
import { useGuarantors } from '../api/get-guarantors.ts';
import { GuarantorForm } from './guarantor-form.tsx';

function GuarantorRow({
  guarantor,
  busy,
  onDelete,
}: {
  guarantor: Guarantor;
  busy: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <article
      aria-label={guarantor.full_name}
      className="flex items-center gap-3 rounded-[10px] bg-page p-3"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-white text-primary">
        <PeopleIcon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-semibold text-ink">{guarantor.full_name}</span>
        <span className="text-xs text-muted">
          {guarantor.relative_type.name} · {formatPhone(guarantor.phone) || guarantor.phone}
        </span>
      </div>
      <button
        type="button"
        onClick={onDelete}
        disabled={busy}
        aria-label={t('scoring.guarantors.delete_label', { name: guarantor.full_name })}
        className="grid size-10 shrink-0 place-items-center rounded-[10px] text-danger hover:bg-danger/5 disabled:opacity-50"
      >
        <TrashIcon className="size-5" />
      </button>
    </article>
  );
}

/**
 * The contact persons scoring may call: 1 to 3, listed, each removed after a confirmation, and
 * the form for another while there is room.
 */
export function GuarantorsList() {
  const { t } = useTranslation();
  const guarantors = useGuarantors();
  const remove = useDeleteGuarantor();
  const [deleting, setDeleting] = useState<Guarantor | null>(null);

  if (guarantors.isPending) {
    return (
      <SkeletonList count={2} className="flex flex-col gap-2">
        <Skeleton className="h-16 w-full rounded-[10px]" />
      </SkeletonList>
    );
  }
  if (guarantors.isError) {
    return (
      <ErrorState
        message={failureMessage(guarantors.error)}
        onRetry={() => void guarantors.refetch()}
      />
    );
  }

  const list = guarantors.data;
  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    setDeleting(null);
    remove.mutate(id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(failureMessage(error)),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium text-ink" aria-live="polite">
        {t('scoring.guarantors.count', { n: list.length, max: MAX_GUARANTORS })}
      </p>
      {list.length > 0 && (
        <ul className="flex flex-col gap-2" data-testid="guarantors">
          {list.map((guarantor) => (
            <li key={guarantor.id}>
              <GuarantorRow
                guarantor={guarantor}
                busy={remove.isPending && remove.variables === guarantor.id}
                onDelete={() => setDeleting(guarantor)}
              />
            </li>
          ))}
        </ul>
      )}
      {list.length < MAX_GUARANTORS ? (
        <GuarantorForm />
      ) : (
        <p className="text-sm text-muted">
          {t('scoring.guarantors.full', { max: MAX_GUARANTORS })}
        </p>
      )}
      <ConfirmDialog
        open={deleting != null}
        title={t('scoring.guarantors.delete_title')}
        text={deleting ? t('scoring.guarantors.delete_text', { name: deleting.full_name }) : ''}
        confirmLabel={t('scoring.guarantors.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/** Scoring's contact persons step: at least one is needed before the decision. */
export function GuarantorsStep() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        {t('scoring.guarantors.intro', { min: MIN_GUARANTORS, max: MAX_GUARANTORS })}
      </p>
      <GuarantorsList />
    </div>
  );
}
