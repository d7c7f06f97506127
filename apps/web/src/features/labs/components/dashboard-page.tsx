import { LABS_SORT_LABELS } from '@lotwise/contracts/labs/labs';
import { Group, SimpleGrid } from '@mantine/core';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { useLabsDashboard } from '../api/labs';
import { useLabsSort } from '../utils/sort-param';
import { LabsShell, MarketStatusNotice, SortControl } from './labs-shell';
import { MarketList } from './market-list';

/** /labs/dashboard: trending, biggest gainers and most transacted, sorted by 24 Hours by default. */
export function LabsDashboardPage() {
  const [sort, setSort] = useLabsSort();
  const query = useLabsDashboard(sort);
  const period = LABS_SORT_LABELS[sort].long;
  return (
    <LabsShell title="Labs" description="Market movers and what this instance trades most.">
      <Group justify="flex-end" mb="sm">
        <SortControl value={sort} onChange={setSort} />
      </Group>
      {query.isPending ? (
        <LoadingState label="Loading market data…" />
      ) : query.isError || !query.data ? (
        <ErrorState
          title="Could not load Labs"
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <MarketStatusNotice status={query.data.market} />
          <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
            <MarketList
              testId="list-trending"
              title="Trending"
              subtitle={
                query.data.trending_basis === 'provider'
                  ? `Most searched on ${query.data.market.origin} in the last day`
                  : `Largest moves over ${period} (trending needs a market provider)`
              }
              items={query.data.trending}
              sort={sort}
              empty="No market data to show yet."
            />
            <MarketList
              testId="list-gainers"
              title="Biggest gainers"
              subtitle={`Highest rise over ${period}`}
              items={query.data.biggestGainers}
              sort={sort}
              empty={`Nothing with a known price rose over ${period}.`}
            />
            <MarketList
              testId="list-most-transacted"
              title="Most transacted"
              subtitle={`On this instance over the last ${query.data.most_transacted_days} days; only assets at least ${query.data.most_transacted_min_users} people traded`}
              items={query.data.mostTransacted}
              sort={sort}
              empty={`No asset has been traded by ${query.data.most_transacted_min_users} or more people here yet.`}
              extra={(item) => `${item.transactions.toLocaleString('en-US')} transactions`}
            />
          </SimpleGrid>
        </>
      )}
    </LabsShell>
  );
}
