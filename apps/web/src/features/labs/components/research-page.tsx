import { LABS_MAX_ITEMS } from '@lotwise/contracts/labs/labs';
import { Alert, Button, Group, Modal, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { useCreateResearch, useDeleteResearch, useResearchItems } from '../api/labs';
import { useLabsSort } from '../utils/sort-param';
import { LabsShell, MarketStatusNotice, SortControl } from './labs-shell';
import { PortfolioForm } from './portfolio-form';
import { ResearchCard } from './research-card';

/** /labs/research-portfolios: up to 6 assets or small watch portfolios the user follows. */
export function ResearchPortfoliosPage() {
  const [sort, setSort] = useLabsSort();
  const query = useResearchItems(sort);
  const create = useCreateResearch();
  const remove = useDeleteResearch();
  const [asset, setAsset] = useState('');
  const [portfolioOpen, setPortfolioOpen] = useState(false);
  const count = query.data?.items.length ?? 0;

  return (
    <LabsShell
      title="Research portfolios"
      description={`Follow up to ${LABS_MAX_ITEMS} assets or watch portfolios.`}
    >
      <Group justify="space-between" mb="md" align="flex-end" gap="sm">
        <form
          style={{ flex: 1, minWidth: 240 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (!asset.trim()) return;
            create.mutate(
              { kind: 'asset', asset: asset.trim().toUpperCase() },
              { onSuccess: () => setAsset('') },
            );
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label="Follow an asset"
              placeholder="Symbol, e.g. SOL"
              value={asset}
              maxLength={20}
              onChange={(e) => setAsset(e.currentTarget.value)}
            />
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              loading={create.isPending && !portfolioOpen}
            >
              Add
            </Button>
          </Group>
        </form>
        <Button variant="light" onClick={() => setPortfolioOpen(true)}>
          New watch portfolio
        </Button>
      </Group>
      {create.error && !portfolioOpen ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          mb="md"
          role="alert"
          data-testid="research-error"
        >
          {errorText(create.error)}
        </Alert>
      ) : null}
      <Group justify="space-between" mb="sm">
        <Text fz="sm" c="dimmed" data-testid="research-count">
          {count} of {LABS_MAX_ITEMS} used
        </Text>
        <SortControl value={sort} onChange={setSort} />
      </Group>
      {query.isPending ? (
        <LoadingState label="Loading your research…" />
      ) : query.isError || !query.data ? (
        <ErrorState
          title="Could not load your research"
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <MarketStatusNotice status={query.data.market} />
          {query.data.items.length === 0 ? (
            <EmptyState
              title="Nothing followed yet"
              description="Add an asset you are researching, or a small watch portfolio with quantities to see what it would be worth."
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {query.data.items.map((item) => (
                <ResearchCard
                  key={item.id}
                  item={item}
                  sort={sort}
                  deleting={remove.isPending && remove.variables === item.id}
                  onDelete={() => {
                    create.reset();
                    remove.mutate(item.id);
                  }}
                />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
      <Modal
        opened={portfolioOpen}
        onClose={() => setPortfolioOpen(false)}
        title="New watch portfolio"
        size="lg"
      >
        {create.error ? (
          <Alert color="red" variant="light" mb="sm" role="alert">
            {errorText(create.error)}
          </Alert>
        ) : null}
        <PortfolioForm
          busy={create.isPending}
          onSubmit={(body) => create.mutate(body, { onSuccess: () => setPortfolioOpen(false) })}
        />
      </Modal>
    </LabsShell>
  );
}
