import { PAGE_SIZES, type PageSize } from '@lotwise/contracts/transactions/constants';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { nextPage, pagerVisible, showingText, totalPages } from '@/lib/format/pager';

/** 'Showing X to Y of Z entries', the page-size selector and the pager (hidden for one page). */
export function ListFooter({
  page,
  pageSize,
  count,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: PageSize;
  count: number;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}) {
  const total = totalPages(count, pageSize);
  return (
    <Group justify="space-between" mt="md" gap="sm" data-testid="list-footer">
      <Group gap="sm">
        <Text fz="sm" c="dimmed" data-testid="showing-text">
          {showingText(page, pageSize, count)}
        </Text>
        <Select
          aria-label="Page size"
          w={84}
          size="xs"
          data={PAGE_SIZES.map(String)}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(v) => v && onPageSize(Number(v) as PageSize)}
        />
      </Group>
      {pagerVisible(total) ? (
        <Pagination
          total={total}
          value={Math.min(page, total)}
          siblings={1}
          boundaries={1}
          onChange={(p) => onPage(nextPage(page, p, total))}
          size="sm"
        />
      ) : null}
    </Group>
  );
}
