import { Group, Pagination, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DataColumn<T> {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Emphasised cell (the row's name). */
  strong?: boolean;
}

/**
 * A list as a table: a header row, one row per item, scrolling sideways on narrow screens.
 * `label` names it for screen readers; `rowProps` adds data attributes a row needs.
 */
export const DataTable = <T,>({ label, rows, columns, rowKey, minWidth = 640, busy, rowProps, testId, hover = true }: {
  label: string;
  rows: readonly T[];
  columns: ReadonlyArray<DataColumn<T> | false | null | undefined>;
  rowKey: (row: T) => string;
  minWidth?: number;
  busy?: boolean;
  rowProps?: (row: T) => Record<string, string>;
  testId?: string;
  hover?: boolean;
}) => {
  const shown = columns.filter((c): c is DataColumn<T> => Boolean(c));
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={hover} aria-label={label} aria-busy={busy || undefined} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((c) => <Table.Th key={c.key}>{c.header}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {shown.map((c) => <Table.Td key={c.key} fw={c.strong ? 600 : undefined}>{c.cell(row)}</Table.Td>)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** Below a paged list: how many there are, and the pages (0-based `page`, as the API counts). */
export const TablePager = ({ total, page, pageSize, onPage, totalLabel, paginationLabel }: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  totalLabel: string;
  paginationLabel: string;
}) => {
  const pages = Math.ceil(total / pageSize);
  if (total === 0) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">{totalLabel}</Text>
      {pages > 1 && <Pagination total={pages} value={page + 1} onChange={(p) => onPage(p - 1)} aria-label={paginationLabel} />}
    </Group>
  );
};
