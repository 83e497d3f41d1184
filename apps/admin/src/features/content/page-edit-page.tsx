import { type AdminPage, PAGE_SLUG } from '@bozor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { CheckField, fieldErrorsOf, formRefusal } from '../../components/kit/form.tsx';
import { ReadOnlyNote } from '../../components/kit/list-page.tsx';
import { RichTextEditor } from '../../components/rich-text.tsx';
import {
  Button,
  Card,
  ErrorState,
  Loading,
  Notice,
  PageHeader,
  TextField,
} from '../../components/ui.tsx';
import { dateTime } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { contentKey, savePage, usePage } from './api.ts';
import { PublishedBadge, useCanWriteContent } from './shared.tsx';

/** A page's text in each language, Russian first as staff write it. */
const BODIES = [
  ['body_ru', 'pages.bodyRu'],
  ['body_uz', 'pages.bodyUz'],
] as const;

export function PageEditPage() {
  const { t } = useI18n();
  const { slug } = useParams();
  const page = usePage(slug);
  const back = (
    <Link to="/content/pages" className="text-primary hover:underline">
      ← {t('pages.back')}
    </Link>
  );
  if (slug === undefined) {
    return (
      <>
        {back}
        <PageForm page={null} />
      </>
    );
  }
  if (page.isPending) return <Loading />;
  if (page.isError) {
    return (
      <>
        {back}
        <ErrorState error={page.error} retry={() => page.refetch()} />
      </>
    );
  }
  return (
    <>
      {back}
      <PageForm key={page.data.slug} page={page.data} />
    </>
  );
}

interface PageValues {
  slug: string;
  title_uz: string;
  title_ru: string;
  body_uz: string;
  body_ru: string;
  is_published: boolean;
}

/** The form's values: the page as the server keeps it (its HTML sanitised). */
function valuesOf(page: AdminPage | null): PageValues {
  return {
    slug: page?.slug ?? '',
    title_uz: page?.title_uz ?? '',
    title_ru: page?.title_ru ?? '',
    body_uz: page?.body_uz ?? '',
    body_ru: page?.body_ru ?? '',
    is_published: page?.is_published ?? false,
  };
}

function PageForm({ page }: { page: AdminPage | null }) {
  const { t } = useI18n();
  const canWrite = useCanWriteContent();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<PageValues>({ defaultValues: valuesOf(page) });
  const save = useMutation({
    mutationFn: ({ slug, ...values }: PageValues) => savePage(page?.slug, values, slug),
    onSuccess: (answer) => {
      queryClient.invalidateQueries({ queryKey: contentKey('pages') });
      if (!page) {
        navigate(`/content/pages/${answer.data.slug}`, { replace: true });
        return;
      }
      form.reset(valuesOf(answer.data));
      setSaved(answer.message || t('content.saved'));
    },
  });
  const server = fieldErrorsOf(save.error);
  const refusal = formRefusal(save.error);
  const errors = form.formState.errors;
  const error = (field: keyof PageValues) => errors[field]?.message ?? server[field]?.[0];
  const required = (value: string) => value.trim().length > 0 || t('content.required');

  return (
    <>
      <PageHeader
        title={page ? page.title_ru : t('pages.new')}
        subtitle={
          page && (
            <span className="flex items-center gap-2">
              <code className="text-xs">{page.slug}</code>
              <PublishedBadge published={page.is_published} />
              <span className="text-xs">{dateTime(page.updated_at)}</span>
            </span>
          )
        }
      />
      {!canWrite && <ReadOnlyNote text={t('content.readOnly')} />}
      <form
        noValidate
        className="flex max-w-5xl flex-col gap-4"
        onSubmit={form.handleSubmit((values) => {
          setSaved(null);
          save.mutate({
            ...values,
            slug: values.slug.trim(),
            title_uz: values.title_uz.trim(),
            title_ru: values.title_ru.trim(),
          });
        })}
      >
        <fieldset disabled={!canWrite} className="contents">
          <Card>
            <div className="grid grid-cols-2 gap-3">
              {!page && (
                <TextField
                  label={t('pages.slug')}
                  hint={t('pages.slugHint')}
                  className="col-span-2 max-w-md"
                  maxLength={60}
                  placeholder="kafolat"
                  autoFocus
                  error={error('slug')}
                  {...form.register('slug', {
                    validate: (value) => PAGE_SLUG.test(value.trim()) || t('pages.slugInvalid'),
                  })}
                />
              )}
              <TextField
                label={t('pages.titleRu')}
                maxLength={200}
                error={error('title_ru')}
                {...form.register('title_ru', { validate: required })}
              />
              <TextField
                label={t('pages.titleUz')}
                maxLength={200}
                error={error('title_uz')}
                {...form.register('title_uz', { validate: required })}
              />
            </div>
          </Card>
          <p className="text-xs text-muted">{t('pages.sanitized')}</p>
          {BODIES.map(([name, label]) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              rules={{ validate: required }}
              render={({ field }) => (
                <RichTextEditor
                  label={t(label)}
                  value={field.value}
                  onChange={field.onChange}
                  error={error(name)}
                  disabled={!canWrite}
                />
              )}
            />
          ))}
          <CheckField label={t('content.publishedField')} {...form.register('is_published')} />
        </fieldset>
        {saved && <Notice tone="success">{saved}</Notice>}
        {refusal && <Notice tone="danger">{refusal}</Notice>}
        {canWrite && (
          <div className="flex gap-2">
            <Button type="submit" variant="primary" busy={save.isPending}>
              {t('common.save')}
            </Button>
          </div>
        )}
      </form>
    </>
  );
}
