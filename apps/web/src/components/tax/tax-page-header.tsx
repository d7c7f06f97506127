import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useIsMobile } from '@/hooks/use-is-mobile';

/** The page header of the tax pages; on a phone the actions go on their own row below the title. */
export function TaxPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions: ReactNode;
}) {
  const mobile = useIsMobile();
  if (!mobile) return <PageHeader title={title} description={description} actions={actions} />;
  return (
    <>
      <PageHeader title={title} description={description} />
      <Group justify="space-between" align="flex-start" mt={-8} mb="md" gap="xs">
        {actions}
      </Group>
    </>
  );
}
