import type { AdminPageRow } from '@bozor/shared';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { columnsFor, type GridColumns } from '../../components/data-table.tsx';
import { kitColumns } from '../../components/kit/columns.tsx';
import { ListPage } from '../../components/kit/list-page.tsx';
import { listTexts } from '../../components/kit/list-texts.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useContentList } from './api.ts';
import { publishedColumn } from './shared.tsx';

const col = columnsFor<AdminPageRow>();
const kit = kitColumns<AdminPageRow>();

export function PagesPage() {
  const { t } = useI18n();
  const list = useContentList<AdminPageRow>('pages');
  const columns = useMemo<GridColumns<AdminPageRow>>(
    () => [
      col.accessor('title_ru', {
        header: t('pages.name'),
        cell: (info) => (
          <Link
            to={`/content/pages/${info.row.original.slug}`}
            className="flex flex-col hover:underline"
          >
            <span className="font-medium text-primary">{info.getValue()}</span>
            <span className="text-xs text-muted">{info.row.original.title_uz}</span>
          </Link>
        ),
      }),
      col.accessor('slug', {
        header: t('pages.slug'),
        cell: (info) => <code className="text-xs">{info.getValue()}</code>,
      }),
      publishedColumn(t('pages.state')),
      kit.date('updated_at', t('pages.updated'), { muted: true }),
    ],
    [t],
  );
  return (
    <ListPage
      {...listTexts(t, 'pages')}
      writes={{
        permission: 'content.write',
        readOnly: t('content.readOnly'),
        add: { label: t('content.add'), to: '/content/pages/new' },
      }}
      query={list}
      columns={columns}
    />
  );
}
