import { type AdminContact, type ContactKey, contactProblem } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf } from '../../components/kit/form.tsx';
import { ReadOnlyNote } from '../../components/kit/list-page.tsx';
import { Loaded } from '../../components/kit/loaded.tsx';
import { Button, Card, Notice, PageHeader, TextField } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { CONTACTS_KEY, saveContact, useContacts } from './api.ts';
import { useCanWriteContent } from './shared.tsx';

export function ContactsPage() {
  const { t } = useI18n();
  const canWrite = useCanWriteContent();
  const list = useContacts();
  return (
    <>
      <PageHeader title={t('contacts.title')} subtitle={t('contacts.subtitle')} />
      {!canWrite && <ReadOnlyNote text={t('content.readOnly')} />}
      <Loaded query={list}>
        {(data) => (
          <div className="flex max-w-2xl flex-col gap-3">
            {data.map((contact) => (
              <ContactRow key={contact.key} contact={contact} canWrite={canWrite} />
            ))}
            <p className="text-xs text-muted">{t('contacts.sellerNote')}</p>
          </div>
        )}
      </Loaded>
    </>
  );
}

/** The message of a contact's rule, as the server words it, for the staff's language. */
const PROBLEM_TEXT = {
  phone_invalid: 'contacts.phoneHint',
  telegram_invalid: 'contacts.telegramHint',
  insurance_invalid: 'contacts.insuranceHint',
  text_invalid: 'contacts.insuranceHint',
  field_too_long: 'contacts.insuranceHint',
} as const;

function ContactRow({ contact, canWrite }: { contact: AdminContact; canWrite: boolean }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(contact.value);
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const key: ContactKey = contact.key;
  const save = useMutation({
    mutationFn: (next: string) => saveContact(key, next),
    onSuccess: (answer) => {
      setSaved(answer.message || t('content.saved'));
      queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
    },
  });
  const problem = contactProblem(key, value.trim());
  const shownProblem = checked && problem ? t(PROBLEM_TEXT[problem]) : undefined;
  const serverError = fieldErrorsOf(save.error).value?.[0];
  return (
    <Card>
      <form
        noValidate
        className="flex items-start gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          setSaved(null);
          if (problem) return;
          save.mutate(value.trim());
        }}
      >
        <TextField
          className="flex-1"
          label={t(`contacts.${key}`)}
          hint={t(`contacts.${key}Hint`)}
          value={value}
          maxLength={300}
          disabled={!canWrite}
          error={shownProblem ?? serverError}
          onChange={(event) => {
            setValue(event.target.value);
            setSaved(null);
          }}
        />
        {canWrite && (
          <Button
            type="submit"
            variant="primary"
            className="mt-5"
            busy={save.isPending}
            disabled={value.trim() === contact.value}
          >
            {t('common.save')}
          </Button>
        )}
      </form>
      {saved && (
        <div className="mt-2">
          <Notice tone="success">{t('contacts.savedOne', { name: t(`contacts.${key}`) })}</Notice>
        </div>
      )}
      {save.error && !serverError && (
        <div className="mt-2">
          <Notice tone="danger">{save.error.message}</Notice>
        </div>
      )}
    </Card>
  );
}
