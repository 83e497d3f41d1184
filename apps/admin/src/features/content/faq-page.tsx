import { type AdminQuestion, QuestionBody } from '@bozor/shared';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { type FormField, ResourceForm, trimmed } from '../../components/kit/form.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { OrderedContentPage, PublishedBadge, type RowFormProps } from './shared.tsx';

const col = columnsFor<AdminQuestion>();

export function FaqPage() {
  const { t, lang } = useI18n();
  const columns: GridColumns<AdminQuestion> = [
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
  ];
  return (
    <OrderedContentPage<AdminQuestion>
      list="questions"
      texts={listTexts(t, 'faq')}
      nameOf={(q) => (lang === 'ru' ? q.question_ru : q.question_uz)}
      columns={columns}
      switchedBy="is_published"
      rowClassName={(q) => (q.is_published ? undefined : 'text-muted')}
      formTitle={(q) => (q ? t('faq.editTitle') : t('faq.addTitle'))}
      form={QuestionForm}
    />
  );
}

type QuestionValues = Required<QuestionBody>;

const BLANK: QuestionValues = {
  question_uz: '',
  question_ru: '',
  answer_uz: '',
  answer_ru: '',
  is_published: true,
};

const FIELDS: FormField<QuestionValues>[] = [
  { name: 'question_ru', label: 'faq.questionRu', maxLength: 300, autoFocus: true },
  { name: 'question_uz', label: 'faq.questionUz', maxLength: 300 },
  { name: 'answer_ru', label: 'faq.answerRu', kind: 'area', rows: 6, maxLength: 5000 },
  { name: 'answer_uz', label: 'faq.answerUz', kind: 'area', rows: 6, maxLength: 5000 },
  { name: 'is_published', label: 'content.publishedField', kind: 'check' },
];

function QuestionForm(props: RowFormProps<AdminQuestion>) {
  return (
    <ResourceForm
      {...props}
      fields={FIELDS}
      columns={2}
      defaults={BLANK}
      schema={QuestionBody}
      toBody={trimmed}
    />
  );
}
