import type { FindingWizard } from '@lotwise/contracts/review/wizards';
import { Alert, Anchor, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useDecide, useFindings } from '@/lib/api/review/review';
import { errorText } from '@/lib/api-client';
import { BulkAnswer } from './bulk-answer';
import { FindingCard } from './finding-card';

/** Links beside the answers where the fix happens elsewhere. */
function Elsewhere({ wizard }: { wizard: FindingWizard }) {
  if (wizard === 'PricingWizard') {
    return (
      <Group gap="md">
        <Anchor component={Link} to={paths.transactions.getHref({ txnType: 'need_review' })} fz="sm">
          Add values in the transactions list
        </Anchor>
        <Anchor component={Link} to={paths.settings.prices.getHref()} fz="sm">
          Load a price file
        </Anchor>
      </Group>
    );
  }
  if (wizard === 'MissingReceiveWizard' || wizard === 'MissingSendWizard') {
    return (
      <Anchor component={Link} to={paths.imports.getHref()} fz="sm">
        Import the missing account, or add the missing transaction by hand
      </Anchor>
    );
  }
  return null;
}

/** What the last answer did (how many were answered, or what fetching again found). */
function Outcome({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Alert color="teal" withCloseButton onClose={onClose} role="status" data-testid="decide-outcome">
      {message}
    </Alert>
  );
}

/** One wizard's open findings, a page at a time, answered one by one or all at once. */
export function FindingsPanel({ wizard }: { wizard: FindingWizard }) {
  const [page, setPage] = useState(1);
  const findings = useFindings(wizard, page);
  const decide = useDecide();
  // The outcome stays at the top of the list, where the button was pressed (a toast is missed).
  const [outcome, setOutcome] = useState<string | null>(null);
  const answered = (message: string) => setOutcome(message);
  if (findings.isPending) return <LoadingState label="Looking through your transactions…" />;
  if (findings.isError)
    return <ErrorState message={errorText(findings.error)} onRetry={() => findings.refetch()} />;
  const { items, total, choices } = findings.data;
  if (total === 0) {
    return (
      <Stack gap="sm">
        {outcome ? <Outcome message={outcome} onClose={() => setOutcome(null)} /> : null}
        <EmptyState
          title="Nothing left here"
          description="Every finding of this step is answered. Continue to the next step."
          icon={<IconCircleCheck size={28} />}
        />
      </Stack>
    );
  }
  const pages = Math.ceil(total / 20);
  return (
    <Stack gap="sm" data-testid={`findings-${wizard}`}>
      <Group justify="space-between" align="flex-end">
        <Text fz="sm" c="dimmed" data-testid="findings-total">
          {total.toLocaleString('en-US')} to review
        </Text>
        <BulkAnswer
          total={total}
          choices={choices}
          busy={decide.isPending}
          onAnswer={(choice) =>
            decide.mutate({ wizard, all: true, choice }, { onSuccess: (r) => answered(r.message) })
          }
        />
      </Group>
      {decide.error ? (
        <Alert color="red" data-testid="decide-error">
          {errorText(decide.error)}
        </Alert>
      ) : outcome ? (
        <Outcome message={outcome} onClose={() => setOutcome(null)} />
      ) : null}
      <Elsewhere wizard={wizard} />
      {items.map((finding) => (
        <FindingCard
          key={finding.id}
          finding={finding}
          choices={choices}
          busy={decide.isPending}
          onChoose={(choice) =>
            decide.mutate(
              { wizard, decisions: [{ finding_id: finding.id, choice }] },
              { onSuccess: (r) => answered(r.message) },
            )
          }
        />
      ))}
      {pages > 1 ? (
        <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
      ) : null}
    </Stack>
  );
}
