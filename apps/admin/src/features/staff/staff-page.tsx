import { type NewStaff, STAFF_ROLES, type StaffMember, type StaffRole } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { Confirm } from '../../components/confirm.tsx';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { FormButtons, fieldErrorsOf } from '../../components/kit/form.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { SubjectDialog } from '../../components/kit/subject-dialog.tsx';
import { writeForm } from '../../components/kit/write-form.ts';
import { Badge, Button, Dialog, Notice, SelectField, TextField } from '../../components/ui.tsx';
import { patch, post } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';
import { STAFF_KEY, useStaffList } from '../../lib/staff.ts';

const col = columnsFor<StaffMember>();
const kit = kitColumns<StaffMember>();

type Open =
  | { kind: 'add' }
  | { kind: 'link'; made: NewStaff }
  | { kind: 'edit'; member: StaffMember }
  | { kind: 'revoke'; member: StaffMember }
  | null;

export function StaffPage() {
  const { t } = useI18n();
  const { staff: me } = useStaff();
  const queryClient = useQueryClient();
  const list = useStaffList();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);
  /** A dialog's own close (Escape, or closing as the next one opens) ends only that dialog. */
  const closeOnly =
    (...kinds: NonNullable<Open>['kind'][]) =>
    () =>
      setOpen((current) => (current && kinds.includes(current.kind) ? null : current));
  const done = (message: string | undefined, fallback: string) => {
    setNotice(message || fallback);
    queryClient.invalidateQueries({ queryKey: STAFF_KEY });
  };
  const revoke = useMutation({
    mutationFn: (member: StaffMember) =>
      post<{ sessions_ended: number }>(`/staff/${member.id}/revoke-sessions`),
    onSuccess: (answer) => {
      close();
      done(answer.message, t('staff.revokedDone', { count: answer.data.sessions_ended }));
    },
  });

  const columns = useMemo<GridColumns<StaffMember>>(
    () => [
      col.accessor('name', {
        header: t('staff.name'),
        cell: (info) => (
          <span className="flex flex-col">
            <span className="font-medium">
              {info.getValue()}
              {info.row.original.id === me.id && (
                <span className="ml-1.5 font-normal text-muted">({t('staff.you')})</span>
              )}
            </span>
            <span className="text-xs text-muted">{info.row.original.email}</span>
          </span>
        ),
      }),
      col.accessor('role', {
        header: t('staff.role'),
        cell: (info) => (
          <Badge tone={info.row.original.role === 'owner' ? 'primary' : 'neutral'}>
            {t(`role.${info.row.original.role}`)}
          </Badge>
        ),
      }),
      kit.flag('totp', t('staff.totp'), {
        yes: t('staff.totpOn'),
        no: t('staff.totpOff'),
        tone: 'success',
      }),
      kit.flag('disabled', t('staff.state'), {
        yes: t('staff.disabled'),
        no: t('staff.active'),
        tone: 'danger',
      }),
      kit.date('last_sign_in_at', t('staff.lastSignIn'), { none: t('staff.never') }),
      kit.date('created_at', t('staff.created'), { muted: true }),
    ],
    [t, me.id],
  );

  return (
    <ListPage
      {...listTexts(t, 'staff')}
      writes={{
        permission: 'staff.manage',
        add: {
          label: t('staff.add'),
          onClick: () => {
            setNotice(null);
            setOpen({ kind: 'add' });
          },
        },
        actions: (member) => [
          {
            label: t('staff.edit'),
            name: `${t('staff.edit')}: ${member.name}`,
            onClick: () => {
              setNotice(null);
              setOpen({ kind: 'edit', member });
            },
          },
          {
            label: t('staff.revoke'),
            name: `${t('staff.revoke')}: ${member.name}`,
            onClick: () => {
              setNotice(null);
              revoke.reset();
              setOpen({ kind: 'revoke', member });
            },
          },
        ],
      }}
      notices={[{ tone: 'success', text: notice }]}
      query={list}
      columns={columns}
      rowClassName={(row) => (row.disabled ? 'text-muted' : undefined)}
    >
      <Dialog open={open?.kind === 'add'} title={t('staff.addTitle')} onClose={closeOnly('add')}>
        <AddForm
          onCancel={close}
          onMade={(made) => {
            done(undefined, t('staff.created.done', { name: made.staff.name }));
            setOpen({ kind: 'link', made });
          }}
        />
      </Dialog>
      <SubjectDialog
        subject={open?.kind === 'link' ? open.made : null}
        title={(made) => t('staff.linkTitle', { name: made.staff.name })}
        onClose={closeOnly('link')}
      >
        {(made) => <SetupLink made={made} onDone={close} />}
      </SubjectDialog>
      <SubjectDialog
        subject={open?.kind === 'edit' || open?.kind === 'revoke' ? open : null}
        title={({ kind, member }) => t(`staff.${kind}Title`, { name: member.name })}
        onClose={closeOnly('edit', 'revoke')}
      >
        {({ kind, member }) =>
          kind === 'edit' ? (
            <EditForm
              member={member}
              onCancel={close}
              onSaved={(message, saved) => {
                close();
                done(message, t('staff.saved', { name: saved.name }));
              }}
            />
          ) : (
            <Confirm
              hint={t('staff.revokeHint')}
              submit={t('staff.revoke')}
              danger
              {...writeForm(revoke, close, () => member)}
            />
          )
        }
      </SubjectDialog>
    </ListPage>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function AddForm({ onCancel, onMade }: { onCancel: () => void; onMade: (made: NewStaff) => void }) {
  const { t } = useI18n();
  const form = useForm<{ email: string; name: string; role: StaffRole }>({
    defaultValues: { email: '', name: '', role: 'operator' },
  });
  const create = useMutation({
    mutationFn: (body: { email: string; name: string; role: StaffRole }) =>
      post<NewStaff>('/staff', body),
    onSuccess: (answer) => onMade(answer.data),
  });
  const fieldErrors = fieldErrorsOf(create.error);
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) =>
        create.mutate({ email: values.email.trim(), name: values.name.trim(), role: values.role }),
      )}
    >
      <p className="text-muted">{t('staff.addHint')}</p>
      <TextField
        label={t('staff.email')}
        type="email"
        autoFocus
        autoComplete="off"
        maxLength={200}
        error={errors.email?.message ?? fieldErrors.email?.[0]}
        {...form.register('email', {
          validate: (value) => EMAIL.test(value.trim()) || t('staff.emailInvalid'),
        })}
      />
      <NameAndRole form={form} error={create.error} />
      <FormButtons
        error={create.error}
        busy={create.isPending}
        submit={t('staff.create')}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The one-time setup link, shown once: the API keeps only its hash. */
function SetupLink({ made, onDone }: { made: NewStaff; onDone: () => void }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const link = `${window.location.origin}/admin/setup?token=${encodeURIComponent(made.setup_token)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted">
        {t('staff.linkHint', { until: dateTime(made.setup_expires_at) })}
      </p>
      <TextField
        label={t('staff.link')}
        readOnly
        value={link}
        className="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
      {copied === 'yes' && <Notice tone="success">{t('staff.copied')}</Notice>}
      {copied === 'failed' && <Notice tone="danger">{t('staff.copyFailed')}</Notice>}
      <div className="flex justify-end gap-2">
        <Button onClick={copy} autoFocus>
          {t('staff.copy')}
        </Button>
        <Button variant="primary" onClick={onDone}>
          {t('staff.done')}
        </Button>
      </div>
    </div>
  );
}

function EditForm({
  member,
  onCancel,
  onSaved,
}: {
  member: StaffMember;
  onCancel: () => void;
  onSaved: (message: string | undefined, member: StaffMember) => void;
}) {
  const { t } = useI18n();
  const form = useForm<{ name: string; role: StaffRole; disabled: boolean }>({
    defaultValues: { name: member.name, role: member.role, disabled: member.disabled },
  });
  const [unchanged, setUnchanged] = useState(false);
  const save = useMutation({
    mutationFn: (body: { name?: string; role?: StaffRole; disabled?: boolean }) =>
      patch<StaffMember>(`/staff/${member.id}`, body),
    onSuccess: (answer) => onSaved(answer.message, answer.data),
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) => {
        const body: { name?: string; role?: StaffRole; disabled?: boolean } = {};
        if (values.name.trim() !== member.name) body.name = values.name.trim();
        if (values.role !== member.role) body.role = values.role;
        if (values.disabled !== member.disabled) body.disabled = values.disabled;
        if (Object.keys(body).length === 0) {
          setUnchanged(true);
          return;
        }
        setUnchanged(false);
        save.mutate(body);
      })}
    >
      <p className="text-muted">{member.email}</p>
      <NameAndRole form={form} error={save.error} autoFocus />
      <p className="-mt-1 text-xs text-muted">{t('staff.roleHint')}</p>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-danger"
          {...form.register('disabled')}
        />
        <span>
          <span className="font-medium">{t('staff.disable')}</span>
          <span className="block text-xs text-muted">{t('staff.disableHint')}</span>
        </span>
      </label>
      {unchanged && <Notice tone="danger">{t('staff.nothingChanged')}</Notice>}
      <FormButtons error={save.error} busy={save.isPending} onCancel={onCancel} />
    </form>
  );
}

/** A member's name and role, as adding and changing one ask for them. */
function NameAndRole<Values extends { name: string; role: StaffRole }>({
  form,
  error,
  autoFocus = false,
}: {
  form: UseFormReturn<Values>;
  error: Error | null;
  autoFocus?: boolean;
}) {
  const { t } = useI18n();
  const name = 'name' as Path<Values>;
  const fieldErrors = fieldErrorsOf(error);
  return (
    <>
      <TextField
        label={t('staff.name')}
        autoFocus={autoFocus}
        autoComplete="off"
        maxLength={120}
        error={form.getFieldState(name, form.formState).error?.message ?? fieldErrors.name?.[0]}
        {...form.register(name, {
          validate: (value) => String(value).trim().length > 0 || t('staff.required'),
        })}
      />
      <SelectField
        label={t('staff.role')}
        error={fieldErrors.role?.[0]}
        {...form.register('role' as Path<Values>)}
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`role.${role}`)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
