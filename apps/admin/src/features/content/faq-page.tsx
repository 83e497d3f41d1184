import { type AdminQuestion, QuestionBody } from '@bozor/shared';
import type { GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { type FormField, trimmed } from '../../components/kit/form.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { OrderedContentPage, publishedColumn, TwoLines } from './shared.tsx';

const kit = kitColumns<AdminQuestion>();

export function FaqPage() {
  const { t, lang } = useI18n();
  const columns: GridColumns<AdminQuestion> = [
    kit.view('question', t('faq.question'), (q) => (
      <TwoLines main={q.question_ru} under={q.question_uz} className="max-w-2xl" />
    )),
    publishedColumn(t('pages.state')),
  ];
  return (
    <OrderedContentPage
      list="questions"
      texts={listTexts(t, 'faq')}
      nameOf={(q) => (lang === 'ru' ? q.question_ru : q.question_uz)}
      columns={columns}
      switchedBy="is_published"
      formTitle={(q) => (q ? t('faq.editTitle') : t('faq.addTitle'))}
      form={{ fields: FIELDS, defaults: BLANK, schema: QuestionBody, toBody: trimmed }}
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
