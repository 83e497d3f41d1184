import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm } from '../../components/confirm.tsx';
import { Badge, Button, Dialog, Notice } from '../../components/ui.tsx';
import { ApiError, adminApi, type FieldErrors, post } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useStaff } from '../../lib/session.tsx';

/** Whether the signed-in role may change the shop's content (the others read it). */
export function useCanWrite(): boolean {
  return useStaff().can('content.write');
}

export function ReadOnlyNote() {
  const { t } = useI18n();
  return <p className="mb-3 text-muted">{t('content.readOnly')}</p>;
}

export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useI18n();
  return published ? (
    <Badge tone="success">{t('content.published')}</Badge>
  ) : (
    <Badge>{t('content.draft')}</Badge>
  );
}

/** The server's refusals by field, or none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.fieldErrors : {};
}

/** A refusal that names no field, shown above the form's buttons. */
export function FormRefusal({ error }: { error: Error | null }) {
  if (!error || Object.keys(fieldErrorsOf(error)).length > 0) return null;
  return <Notice tone="danger">{error.message}</Notice>;
}

/** Tashkent is UTC+5 all year: a `datetime-local` value is read and written as its clock. */
const TASHKENT_MS = 5 * 60 * 60 * 1000;
export function toTashkentInput(iso: string | null): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + TASHKENT_MS).toISOString().slice(0, 16);
}
export function fromTashkentInput(value: string): string | null {
  return value ? `${value}:00+05:00` : null;
}

/**
 * Moving a row of an ordered list one place up or down: the whole new order is sent, and the
 * list is read again (a list changed in another tab is refused by the server).
 */
export function useMove(path: string, queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, from, to }: { ids: number[]; from: number; to: number }) => {
      const order = [...ids];
      const [moved] = order.splice(from, 1);
      order.splice(to, 0, moved!);
      return post(`${path}/order`, { ids: order });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export function MoveButtons({
  index,
  count,
  name,
  busy,
  onMove,
}: {
  index: number;
  count: number;
  name: string;
  busy: boolean;
  onMove: (to: number) => void;
}) {
  const { t } = useI18n();
  return (
    <span className="flex gap-0.5">
      <Button
        variant="ghost"
        className="h-7 w-7 px-0"
        aria-label={t('content.moveUp', { name })}
        title={t('content.up')}
        disabled={busy || index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </Button>
      <Button
        variant="ghost"
        className="h-7 w-7 px-0"
        aria-label={t('content.moveDown', { name })}
        title={t('content.down')}
        disabled={busy || index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </Button>
    </span>
  );
}

/** Asks before removing a row, then removes it and reads the list again. */
export function DeleteDialog({
  target,
  path,
  queryKey,
  onClose,
  onDone,
}: {
  target: { id: number; name: string } | null;
  path: string;
  queryKey: readonly unknown[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) =>
      adminApi<{ message: string }>(`${path}/${id}`, { method: 'DELETE' }),
    onSuccess: (answer) => {
      onDone(answer.message || t('content.deleted'));
      queryClient.invalidateQueries({ queryKey });
    },
  });
  return (
    <Dialog
      open={target !== null}
      title={target ? t('content.deleteTitle', { name: target.name }) : ''}
      onClose={() => {
        remove.reset();
        onClose();
      }}
    >
      {target && (
        <Confirm
          hint={t('content.deleteHint')}
          submit={t('content.delete')}
          danger
          busy={remove.isPending}
          error={remove.error}
          onCancel={onClose}
          onConfirm={() => remove.mutate(target.id)}
        />
      )}
    </Dialog>
  );
}

/** A checkbox with its label beside it. */
export function CheckField({
  label,
  hint,
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  return (
    <label className="flex items-start gap-2">
      <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...props} />
      <span>
        <span className="font-medium">{label}</span>
        {hint && <span className="block text-xs text-muted">{hint}</span>}
      </span>
    </label>
  );
}
