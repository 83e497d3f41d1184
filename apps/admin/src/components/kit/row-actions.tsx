import type { RowData } from '@tanstack/react-table';
import { useI18n } from '../../lib/i18n.tsx';
import { columnsFor, type GridColumns } from '../data-table.tsx';
import { Button, cn } from '../ui.tsx';

/** A button at the end of a row. */
export interface RowAction {
  label: string;
  /** The label with the row's name, for a screen reader: "Delete: Tashkent". */
  name?: string;
  onClick: () => void;
  danger?: boolean;
  busy?: boolean;
  disabled?: boolean;
}

/** The buttons at the end of a row, right-aligned. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <span className="flex justify-end gap-1">
      {actions.map((action) => (
        <Button
          key={action.label}
          variant="ghost"
          className={cn('h-7 px-2', action.danger && 'text-danger')}
          aria-label={action.name}
          busy={action.busy ?? false}
          disabled={action.disabled}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
    </span>
  );
}

/** A grid's last column: a row's actions under a header only screen readers read. */
export function actionsColumn<Row extends RowData>(
  actions: (row: Row) => readonly RowAction[],
): GridColumns<Row>[number] {
  return columnsFor<Row>().display({
    id: 'actions',
    header: () => <ActionsHeader />,
    cell: (info) => <RowActions actions={actions(info.row.original)} />,
  });
}

function ActionsHeader() {
  const { t } = useI18n();
  return <span className="sr-only">{t('kit.actions')}</span>;
}
