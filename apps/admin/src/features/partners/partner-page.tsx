import {
  type AdminPartner,
  PARTNER_NEXT,
  type PartnerPatch,
  type PartnerStatus,
} from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackLink, DetailHeader } from '../../components/kit/detail.tsx';
import {
  Button,
  Card,
  ErrorState,
  Facts,
  Loading,
  Notice,
  SelectField,
  TextArea,
} from '../../components/ui.tsx';
import { ApiError, getData, patch } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';
import { PARTNERS_KEY, StatusBadge } from './badges.tsx';

export function PartnerPage() {
  const { t } = useI18n();
  const { id } = useParams();
  const application = useQuery({
    queryKey: [...PARTNERS_KEY, 'detail', id],
    queryFn: ({ signal }) => getData<AdminPartner>(`/partners/${id}`, undefined, signal),
  });
  return (
    <>
      <BackLink to="/partners" label={t('partners.back')} />
      {application.isPending ? (
        <Loading />
      ) : application.isError ? (
        <div className="mt-4">
          <ErrorState error={application.error} retry={() => application.refetch()} />
        </div>
      ) : (
        <Application key={application.data.id} application={application.data} />
      )}
    </>
  );
}

function Application({ application }: { application: AdminPartner }) {
  const { t } = useI18n();
  const { can } = useStaff();
  const canWrite = can('partners.write');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PartnerStatus>(application.status);
  const [note, setNote] = useState(application.note);
  const [message, setMessage] = useState<string | null>(null);
  const next = PARTNER_NEXT[application.status];
  const save = useMutation({
    mutationFn: (body: PartnerPatch) => patch<AdminPartner>(`/partners/${application.id}`, body),
    onSuccess: (answer) => {
      setMessage(answer.message || t('partners.saved'));
      queryClient.setQueryData([...PARTNERS_KEY, 'detail', String(application.id)], answer.data);
      queryClient.invalidateQueries({ queryKey: PARTNERS_KEY });
      setStatus(answer.data.status);
      setNote(answer.data.note);
    },
  });
  const noteError = save.error instanceof ApiError ? save.error.fieldErrors.note?.[0] : undefined;
  const statusError =
    save.error instanceof ApiError ? save.error.fieldErrors.status?.[0] : undefined;
  const changed = status !== application.status || note.trim() !== application.note;

  return (
    <>
      <div className="mt-3">
        <DetailHeader
          title={application.store_name}
          subtitle={
            <span className="flex flex-wrap items-center gap-2">
              {t('partners.detail', { id: application.id })}
              <StatusBadge state={application.status} />
            </span>
          }
        />
      </div>
      <div className="grid max-w-5xl grid-cols-1 gap-4 lg:grid-cols-2">
        <Card title={t('partners.store')}>
          <Facts
            items={[
              [t('partners.store'), application.store_name],
              [t('partners.name'), application.full_name],
              [
                t('partners.phone'),
                <a
                  key="phone"
                  href={`tel:+${application.phone}`}
                  className="tabular text-primary hover:underline"
                  title={t('partners.call')}
                >
                  +{application.phone}
                </a>,
              ],
              [
                t('partners.stir'),
                <span key="stir" className="tabular">
                  {application.stir}
                </span>,
              ],
              [t('partners.lang'), application.lang === 'ru' ? 'Русский' : "O'zbekcha"],
              [t('partners.created'), dateTime(application.created_at)],
              [
                t('partners.handled'),
                application.handled_by
                  ? t('partners.handledBy', {
                      name: application.handled_by.name,
                      at: dateTime(application.handled_at),
                    })
                  : t('partners.notHandled'),
              ],
            ]}
          />
        </Card>
        <Card title={t('partners.handling')}>
          {!canWrite && <p className="mb-3 text-muted">{t('partners.readOnly')}</p>}
          <form
            noValidate
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              setMessage(null);
              if (!changed) {
                setMessage(t('partners.nothing'));
                return;
              }
              const body: PartnerPatch = {};
              if (status !== application.status) body.status = status;
              if (note.trim() !== application.note) body.note = note.trim();
              save.mutate(body);
            }}
          >
            {next.length > 0 ? (
              <SelectField
                label={t('partners.moveTo')}
                value={status}
                disabled={!canWrite}
                error={statusError}
                onChange={(event) => setStatus(event.target.value as PartnerStatus)}
              >
                {[application.status, ...next].map((s) => (
                  <option key={s} value={s}>
                    {t(`partners.status.${s}`)}
                  </option>
                ))}
              </SelectField>
            ) : (
              <p className="text-muted">{t('partners.final')}</p>
            )}
            <TextArea
              label={t('partners.note')}
              rows={5}
              maxLength={2000}
              value={note}
              disabled={!canWrite}
              error={noteError}
              onChange={(event) => setNote(event.target.value)}
            />
            <p className="-mt-2 text-xs text-muted">{t('partners.noteHint')}</p>
            {message && <Notice tone="success">{message}</Notice>}
            {save.error && !noteError && !statusError && (
              <Notice tone="danger">{save.error.message}</Notice>
            )}
            {canWrite && (
              <div>
                <Button type="submit" variant="primary" busy={save.isPending}>
                  {t('partners.save')}
                </Button>
              </div>
            )}
          </form>
        </Card>
      </div>
    </>
  );
}
