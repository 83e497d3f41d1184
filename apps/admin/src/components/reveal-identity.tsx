import { useMutation } from '@tanstack/react-query';
import { post } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useStaff } from '../lib/session.tsx';
import { Button, Facts, Notice } from './ui.tsx';

/**
 * A customer's passport and PINFL, masked; staff allowed to may show them in full, and each look
 * is recorded in the audit log (the API does it).
 */
export function RevealIdentity({
  customerId,
  passport,
  pinfl,
}: {
  customerId: number;
  passport: string | null;
  pinfl: string | null;
}) {
  const { t } = useI18n();
  const { can } = useStaff();
  const reveal = useMutation({
    mutationFn: () =>
      post<{ passport: string | null; pinfl: string | null }>(
        `/customers/${customerId}/reveal-identity`,
      ),
  });
  const shown = reveal.data?.data;
  return (
    <div className="flex flex-col gap-2">
      <Facts
        items={[
          [
            t('scoring.passport'),
            <span key="p" className="tabular font-mono">
              {shown?.passport ?? passport}
            </span>,
          ],
          [
            t('scoring.pinfl'),
            <span key="n" className="tabular font-mono">
              {shown?.pinfl ?? pinfl}
            </span>,
          ],
        ]}
      />
      {can('identity.reveal') && !shown && (passport || pinfl) && (
        <div className="flex items-center gap-3">
          <Button busy={reveal.isPending} onClick={() => reveal.mutate()}>
            {t('scoring.reveal')}
          </Button>
          <span className="text-xs text-muted">{t('scoring.revealNote')}</span>
        </div>
      )}
      {reveal.isError && <Notice tone="danger">{reveal.error.message}</Notice>}
    </div>
  );
}
