import type { AdminQuestion, QuestionBody } from '@bozor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { columnsFor, DataTable, type GridColumns } from '../../components/data-table.tsx';
import {
  Button,
  Dialog,
  ErrorState,
  Loading,
  Notice,
  PageHeader,
  TextArea,
  TextField,
} from '../../components/ui.tsx';
import { getData, patch, post } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  CheckField,
  DeleteDialog,
  FormRefusal,
  fieldErrorsOf,
  MoveButtons,
  PublishedBadge,
  ReadOnlyNote,
  useCanWrite,
  useMove,
} from './shared.tsx';

const KEY = ['content', 'questions'] as const;
const col = columnsFor<AdminQuestion>();

type Open = { kind: 'add' } | { kind: 'edit'; question: AdminQuestion } | null;

export function FaqPage() {
  const { t, lang } = useI18n();
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => getData<AdminQuestion[]>('/questions', undefined, signal),
  });
  const [open, setOpen] = useState<Open>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const move = useMove('/questions', KEY);
  const toggle = useMutation({
    mutationFn: (question: AdminQuestion) =>
      patch<AdminQuestion>(`/questions/${question.id}`, { is_published: !question.is_published }),
    onSuccess: (answer) => setNotice(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const rows = list.data ?? [];
  const ids = rows.map((row) => row.id);
  const nameOf = (q: AdminQuestion) => (lang === 'ru' ? q.question_ru : q.question_uz);

  const columns: GridColumns<AdminQuestion> = [
    ...(canWrite
      ? [
          col.display({
            id: 'order',
            header: () => <span className="sr-only">{t('content.up')}</span>,
            cell: (info) => (
              <MoveButtons
                index={info.row.index}
                count={ids.length}
                name={nameOf(info.row.original)}
                busy={move.isPending}
                onMove={(to) => move.mutate({ ids, from: info.row.index, to })}
              />
            ),
          }),
        ]
      : []),
    col.display({
      id: 'question',
      header: t('faq.question'),
      cell: (info) => (
        <span className="flex max-w-2xl flex-col">
          <span className="font-medium">{info.row.original.question_ru}</span>
          <span className="text-xs text-muted">{info.row.original.question_uz}</span>
        </span>
      ),
    }),
    col.accessor('is_published', {
      header: t('pages.state'),
      cell: (info) => <PublishedBadge published={info.getValue()} />,
    }),
    ...(canWrite
      ? [
          col.display({
            id: 'actions',
            header: () => <span className="sr-only">{t('content.actions')}</span>,
            cell: (info) => {
              const question = info.row.original;
              return (
                <span className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    className="h-7 px-2"
                    busy={toggle.isPending && toggle.variables?.id === question.id}
                    onClick={() => {
                      setNotice(null);
                      toggle.mutate(question);
                    }}
                  >
                    {question.is_published ? t('content.unpublish') : t('content.publish')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="h-7 px-2"
                    aria-label={`${t('content.edit')}: ${nameOf(question)}`}
                    onClick={() => {
                      setNotice(null);
                      setOpen({ kind: 'edit', question });
                    }}
                  >
                    {t('content.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="h-7 px-2 text-danger"
                    aria-label={`${t('content.delete')}: ${nameOf(question)}`}
                    onClick={() => {
                      setNotice(null);
                      setRemoving({ id: question.id, name: nameOf(question) });
                    }}
                  >
                    {t('content.delete')}
                  </Button>
                </span>
              );
            },
          }),
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('faq.title')}
        subtitle={t('faq.subtitle')}
        actions={
          canWrite && (
            <Button
              variant="primary"
              onClick={() => {
                setNotice(null);
                setOpen({ kind: 'add' });
              }}
            >
              {t('content.add')}
            </Button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      {(notice || move.error || toggle.error) && (
        <div className="mb-3">
          {notice && <Notice tone="success">{notice}</Notice>}
          {(move.error || toggle.error) && (
            <Notice tone="danger">{(move.error ?? toggle.error)?.message}</Notice>
          )}
        </div>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => list.refetch()} />
      ) : (
        <DataTable
          label={t('faq.grid')}
          columns={columns}
          rows={rows}
          empty={t('faq.empty')}
          rowClassName={(row) => (row.is_published ? undefined : 'text-muted')}
        />
      )}
      <Dialog
        wide
        open={open !== null}
        title={open?.kind === 'edit' ? t('faq.editTitle') : t('faq.addTitle')}
        onClose={() => setOpen(null)}
      >
        {open && (
          <QuestionForm
            question={open.kind === 'edit' ? open.question : null}
            onCancel={() => setOpen(null)}
            onSaved={(message) => {
              setOpen(null);
              setNotice(message);
              queryClient.invalidateQueries({ queryKey: KEY });
            }}
          />
        )}
      </Dialog>
      <DeleteDialog
        target={removing}
        path="/questions"
        queryKey={KEY}
        onClose={() => setRemoving(null)}
        onDone={(message) => {
          setRemoving(null);
          setNotice(message);
        }}
      />
    </>
  );
}

type QuestionValues = Required<QuestionBody>;

function QuestionForm({
  question,
  onCancel,
  onSaved,
}: {
  question: AdminQuestion | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useI18n();
  const form = useForm<QuestionValues>({
    defaultValues: {
      question_uz: question?.question_uz ?? '',
      question_ru: question?.question_ru ?? '',
      answer_uz: question?.answer_uz ?? '',
      answer_ru: question?.answer_ru ?? '',
      is_published: question?.is_published ?? true,
    },
  });
  const save = useMutation({
    mutationFn: (body: QuestionValues) =>
      question
        ? patch<AdminQuestion>(`/questions/${question.id}`, body)
        : post<AdminQuestion>('/questions', body),
    onSuccess: (answer) => onSaved(answer.message || t('content.saved')),
  });
  const server = fieldErrorsOf(save.error);
  const errors = form.formState.errors;
  const error = (field: keyof QuestionValues) => errors[field]?.message ?? server[field]?.[0];
  const required = (value: string) => value.trim().length > 0 || t('content.required');
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((values) =>
        save.mutate({
          question_uz: values.question_uz.trim(),
          question_ru: values.question_ru.trim(),
          answer_uz: values.answer_uz.trim(),
          answer_ru: values.answer_ru.trim(),
          is_published: values.is_published,
        }),
      )}
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('faq.questionRu')}
          maxLength={300}
          autoFocus
          error={error('question_ru')}
          {...form.register('question_ru', { validate: required })}
        />
        <TextField
          label={t('faq.questionUz')}
          maxLength={300}
          error={error('question_uz')}
          {...form.register('question_uz', { validate: required })}
        />
        <TextArea
          label={t('faq.answerRu')}
          rows={6}
          maxLength={5000}
          error={error('answer_ru')}
          {...form.register('answer_ru', { validate: required })}
        />
        <TextArea
          label={t('faq.answerUz')}
          rows={6}
          maxLength={5000}
          error={error('answer_uz')}
          {...form.register('answer_uz', { validate: required })}
        />
      </div>
      <CheckField label={t('content.publishedField')} {...form.register('is_published')} />
      <FormRefusal error={save.error} />
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant="primary" busy={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
