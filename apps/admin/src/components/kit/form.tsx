import { useMutation } from '@tanstack/react-query';
import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors as FieldErrorsOf,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { TextKey } from '../../i18n/texts.ts';
import { TEXTS } from '../../i18n/texts.ts';
import { ApiError, type FieldErrors } from '../../lib/api.ts';
import { type Translate, useI18n } from '../../lib/i18n.tsx';
import { Button, cn, Notice, TextArea, TextField } from '../ui.tsx';

/** The server's refusals by field, or none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.fieldErrors : {};
}

/** A refusal that names no field, to show above a form's buttons; null otherwise. */
export function formRefusal(error: unknown): string | null {
  return error instanceof Error && Object.keys(fieldErrorsOf(error)).length === 0
    ? error.message
    : null;
}

/**
 * A form's values for `row`: each of `blanks`' fields as the row has it, else as `blanks` says
 * (a new row, or a field the row leaves empty).
 */
export function valuesFrom<Values extends object>(
  row: object | null | undefined,
  blanks: Values,
): Values {
  const given: Record<string, unknown> = { ...row };
  return Object.fromEntries(
    Object.entries(blanks).map(([name, blank]) => [name, given[name] ?? blank]),
  ) as Values;
}

/** A form's values with every text trimmed, the others as they are. */
export function trimmed<Values extends object>(values: Values): Values {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as Values;
}

/** A text as the API takes an optional one: trimmed, and null when nothing is left. */
export const orNull = (text: string): string | null => text.trim() || null;

/** A rule's key from the shared schemas in the staff's words; a server's message as it came. */
export function ruleText(message: string | undefined, t: Translate): string | undefined {
  if (!message) return undefined;
  const key = `rule.${message}`;
  return key in TEXTS.ru ? t(key as TextKey) : message;
}

/** Cancel and save under a form, with a refusal no field carries above them. */
export function FormButtons({
  error,
  busy,
  submit,
  danger = false,
  disabled = false,
  refusalNote,
  onCancel,
}: {
  error: unknown;
  busy: boolean;
  submit?: string;
  /** The write cannot be undone (a cancellation, a refusal to the customer). */
  danger?: boolean;
  /** Nothing to send yet. */
  disabled?: boolean;
  /** Said under the refusal: what to do about it. */
  refusalNote?: ReactNode;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const refusal = formRefusal(error);
  return (
    <>
      {refusal && (
        <Notice tone="danger">
          {refusal}
          {refusalNote && <span className="mt-1 block">{refusalNote}</span>}
        </Notice>
      )}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button
          type="submit"
          variant={danger ? 'danger' : 'primary'}
          disabled={disabled}
          busy={busy}
        >
          {submit ?? t('common.save')}
        </Button>
      </div>
    </>
  );
}

/** A checkbox with its label beside it. */
export function CheckField({
  label,
  hint,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string | undefined }) {
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

/** An issue of a schema's check: where, and the rule's key (`field_required`). */
export interface RuleIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A shared zod schema, as a form uses it: a body is checked, nothing more. */
export interface BodySchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly RuleIssue[] } };
}

interface FieldBase<Values extends FieldValues> {
  name: Path<Values>;
  label: TextKey;
  hint?: TextKey;
  /** Across both columns of a two-column form. */
  wide?: boolean;
  /** What to say for a rule of the schema instead of its usual text (`phone_invalid`). */
  rules?: Readonly<Record<string, TextKey>>;
}

/** A field of a form built from a description. */
export type FormField<Values extends FieldValues> =
  | (FieldBase<Values> & {
      kind?: 'text';
      type?: 'text' | 'tel' | 'number' | 'datetime-local';
      inputMode?: 'decimal';
      maxLength?: number;
      autoFocus?: boolean;
      /** A code typed exactly (a slug): no spelling checks, no suggestions. */
      code?: boolean;
      /** On leaving this field, fills another still empty from its value (a slug from a name). */
      fills?: { name: Path<Values>; with: (value: string) => string };
    })
  | (FieldBase<Values> & { kind: 'area'; rows?: number; maxLength?: number })
  | (FieldBase<Values> & { kind: 'check' })
  | (FieldBase<Values> & {
      kind: 'custom';
      render: (form: UseFormReturn<Values>, error: string | undefined) => ReactNode;
    });

export interface ResourceFormProps<Values extends FieldValues, Body, Answer> {
  fields: readonly FormField<Values>[];
  columns?: 1 | 2;
  /** A new row's values; with `row`, each field as the row has it (where it is not empty). */
  defaults: DefaultValues<Values>;
  /** The row the form changes; none (or null) for a new one. */
  row?: object | null | undefined;
  /** The body sent from the form's values (trimmed, empty as null…). */
  toBody: (values: Values) => Body;
  /** The shared schema the API checks the body with; the form checks it first. */
  schema?: BodySchema;
  /** What the schema cannot check here, by field. */
  check?: (values: Values) => Partial<Record<Path<Values>, TextKey>>;
  save: (body: Body) => Promise<Answer>;
  onSaved: (answer: Answer) => void;
  onCancel: () => void;
  submit?: string;
  /** Shown under the fields (a preview). */
  children?: (form: UseFormReturn<Values>) => ReactNode;
}

/** A rule broken here: its text key, translated when shown (so either language reads it). */
const RULE = 'rule';

/**
 * A form made from a description of its fields. On submit the body is checked with the shared
 * schema and the form's own checks, each broken rule said under its field in the staff's
 * language; the server's refusals show under their fields, or above the buttons.
 */
export function ResourceForm<Values extends FieldValues, Body, Answer>({
  fields,
  columns = 1,
  defaults,
  row,
  toBody,
  schema,
  check,
  save,
  onSaved,
  onCancel,
  submit,
  children,
}: ResourceFormProps<Values, Body, Answer>) {
  const { t } = useI18n();
  const resolver: Resolver<Values> = async (values) => {
    const broken: Record<string, FieldError> = {};
    const put = (name: string, key: TextKey) => {
      broken[name] ??= { type: RULE, message: key };
    };
    const parsed = schema?.safeParse(toBody(values));
    if (parsed && !parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fields.find((one) => one.name === String(issue.path[0]));
        if (!field) continue;
        const rule = `rule.${issue.message}`;
        put(
          field.name,
          field.rules?.[issue.message] ?? (rule in TEXTS.ru ? (rule as TextKey) : 'kit.invalid'),
        );
      }
    }
    for (const [name, key] of Object.entries(check?.(values) ?? {})) {
      if (key) put(name, key as TextKey);
    }
    if (Object.keys(broken).length === 0) return { values, errors: {} };
    return { values: {}, errors: broken as FieldErrorsOf<Values> };
  };
  const form = useForm<Values>({ defaultValues: valuesFrom(row, defaults), resolver });
  const saving = useMutation({ mutationFn: (body: Body) => save(body), onSuccess: onSaved });
  const server = fieldErrorsOf(saving.error);
  const errorOf = (name: Path<Values>): string | undefined => {
    const error = form.formState.errors[name] as FieldError | undefined;
    if (error?.message) return error.type === RULE ? t(error.message as TextKey) : error.message;
    return server[name]?.[0];
  };
  const boxes = fields.filter((field) => field.kind === 'check');
  const others = fields.filter((field) => field.kind !== 'check');
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) => saving.mutate(toBody(values)))}
    >
      <div className={cn('gap-3', columns === 2 ? 'grid grid-cols-2' : 'flex flex-col')}>
        {others.map((field) => (
          <div key={field.name} className={cn('contents', field.wide && '[&>*]:col-span-2')}>
            {fieldOf(field, form, errorOf(field.name), t)}
          </div>
        ))}
      </div>
      {boxes.map((field) => (
        <CheckField
          key={field.name}
          label={t(field.label)}
          hint={field.hint && t(field.hint)}
          {...form.register(field.name)}
        />
      ))}
      {children?.(form)}
      <FormButtons
        error={saving.error}
        busy={saving.isPending}
        submit={submit}
        onCancel={onCancel}
      />
    </form>
  );
}

function fieldOf<Values extends FieldValues>(
  field: FormField<Values>,
  form: UseFormReturn<Values>,
  error: string | undefined,
  t: Translate,
): ReactNode {
  const label = t(field.label);
  const hint = field.hint && t(field.hint);
  switch (field.kind) {
    case 'custom':
      return field.render(form, error);
    case 'area':
      return (
        <TextArea
          label={label}
          rows={field.rows ?? 3}
          maxLength={field.maxLength}
          error={error}
          {...form.register(field.name)}
        />
      );
    case 'check':
      return null;
    default:
      return (
        <TextField
          label={label}
          hint={hint}
          type={field.type}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
          autoFocus={field.autoFocus}
          autoComplete={field.code ? 'off' : undefined}
          spellCheck={field.code ? false : undefined}
          error={error}
          {...form.register(field.name, {
            onBlur: (event: { target: { value: string } }) => {
              const fills = field.fills;
              if (fills && !form.getValues(fills.name)) {
                form.setValue(
                  fills.name,
                  fills.with(event.target.value) as PathValue<Values, Path<Values>>,
                );
              }
            },
          })}
        />
      );
  }
}
