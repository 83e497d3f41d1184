import type { PictureKind } from '@bozor/shared';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Confirm } from '../../components/confirm.tsx';
import { SinglePicture } from '../../components/pictures.tsx';
import { Button, cn, Dialog, Notice } from '../../components/ui.tsx';
import type { TextKey } from '../../i18n/texts.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';
import { type Dictionary, del, useDictionaryWrite } from './api.ts';

const TABS: { to: string; text: TextKey }[] = [
  { to: 'categories', text: 'catalogue.categories' },
  { to: 'brands', text: 'catalogue.brands' },
  { to: 'tags', text: 'catalogue.tags' },
  { to: 'colors', text: 'catalogue.colors' },
  { to: 'attributes', text: 'catalogue.attributes' },
  { to: 'collections', text: 'catalogue.collections' },
];

/** The catalogue's section: its dictionaries as tabs over the page of the one open. */
export function CatalogueLayout() {
  const { t } = useI18n();
  return (
    <>
      <nav aria-label={t('catalogue.sections')} className="mb-5 border-b border-line">
        <ul className="-mb-px flex flex-wrap gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  cn(
                    'block border-b-2 px-3 py-2 font-medium',
                    isActive
                      ? 'border-primary text-primary'
                      : 'border-transparent text-muted hover:text-ink',
                  )
                }
              >
                {t(tab.text)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}

/** Whether the signed-in member of staff may change the catalogue (a viewer only reads it). */
export function useCanWrite(): boolean {
  return useStaff().can('catalogue.write');
}

/** A picture of a dictionary's row: uploaded, replaced or removed in place. */
export function PictureField({
  label,
  kind,
  value,
  onChange,
  error,
}: {
  label: string;
  kind: PictureKind;
  value: string | null;
  onChange: (path: string | null) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-muted">{label}</legend>
      <SinglePicture kind={kind} value={value} onChange={onChange} error={error} />
    </fieldset>
  );
}

/** The question before deleting a row, and the API's refusal (what still uses it) when it comes. */
export function DeleteDialog({
  dictionary,
  target,
  onClose,
  blocked,
}: {
  dictionary: Dictionary;
  target: { path: string; name: string } | null;
  onClose: () => void;
  /** Why it cannot go, known before asking (products use it). */
  blocked?: string | null | undefined;
}) {
  const { t } = useI18n();
  const remove = useDictionaryWrite(dictionary, (path: string) => del(path), onClose);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog
      open={target !== null}
      title={t('catalogue.deleteTitle', { name: target?.name ?? '' })}
      onClose={close}
    >
      {blocked ? (
        <div className="flex flex-col gap-3">
          <Notice tone="danger">{blocked}</Notice>
          <div className="flex justify-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </div>
        </div>
      ) : (
        <Confirm
          hint={t('catalogue.deleteHint')}
          submit={t('catalogue.delete')}
          danger
          busy={remove.isPending}
          error={remove.error}
          onCancel={close}
          onConfirm={() => target && remove.mutate(target.path)}
        />
      )}
    </Dialog>
  );
}

/** The buttons at the end of a row: shown only to those who may change the catalogue. */
export function RowActions({ children }: { children: ReactNode }) {
  if (!useCanWrite()) return null;
  return <div className="flex justify-end gap-1">{children}</div>;
}

/** Save and cancel under a form, with a refusal no field carries. */
export function FormButtons({
  error,
  busy,
  submit,
  onCancel,
}: {
  error: string | null;
  busy: boolean;
  submit: string;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {error && <Notice tone="danger">{error}</Notice>}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant="primary" busy={busy}>
          {submit}
        </Button>
      </div>
    </>
  );
}

/** A colour as a swatch beside its code. */
export function Swatch({ hex }: { hex: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden
        className="inline-block size-4 rounded-sm border border-line"
        style={{ backgroundColor: hex }}
      />
      <span className="font-mono text-xs">{hex}</span>
    </span>
  );
}
