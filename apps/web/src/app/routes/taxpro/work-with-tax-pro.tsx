import { Anchor, Card, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ReportsMenu } from '@/features/tax/components/reports-menu';
import { AccessLog } from '@/features/taxpro/components/access-log';
import { AccountantsPanel } from '@/features/taxpro/components/accountants-panel';
import { useTaxYear } from '@/hooks/use-tax-year';

/** Entry point for working with an accountant: what to share today; invitations come later. */
export default function WorkWithTaxProRoute() {
  const [year] = useTaxYear();
  return (
    <>
      <PageHeader
        title="Add Your Accountant / Tax Pro"
        description="Share your crypto tax results with the person who files your return."
      />
      <AccountantsPanel />
      <AccessLog />
      <Card withBorder radius="md" p="md" maw={720}>
        <Stack gap="sm">
          <Text fz="sm">Send your accountant these reports for {year}:</Text>
          <List size="sm" spacing={4}>
            <List.Item>
              The complete tax report (PDF): summary, Schedule D, Form 8949, income and holdings.
            </List.Item>
            <List.Item>The capital gains CSV with every lot used, for their own software.</List.Item>
          </List>
          <div>
            <ReportsMenu year={year} />
          </div>
          <Text fz="sm" c="dimmed">
            Results and settings are in the{' '}
            <Anchor component={Link} to={paths.tax.getHref()}>
              Tax Center
            </Anchor>
            .
          </Text>
        </Stack>
      </Card>
    </>
  );
}
