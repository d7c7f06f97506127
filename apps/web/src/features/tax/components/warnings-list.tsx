import type { YearDetail } from '@lotwise/contracts/tax/year';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const CATEGORY_OF: Record<string, string> = {
  sell_without_buy: 'sell_without_buy',
  missing_price: 'need_review',
};

/** The calculation's warnings, each linking to the transactions that cause it. */
export function WarningsList({ warnings }: { warnings: YearDetail['warnings'] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={`${warnings.length} warning(s)`}>
      <List size="sm" spacing={4}>
        {warnings.slice(0, 20).map((w) => (
          <List.Item key={`${w.code}-${w.transaction_id ?? 'none'}-${w.message}`}>
            <Text fz="sm" span>
              {w.message}{' '}
            </Text>
            <Anchor
              component={Link}
              fz="sm"
              to={paths.transactions.getHref({ txnType: CATEGORY_OF[w.code] ?? 'all' })}
              data-testid="warning-link"
            >
              {w.transaction_id === null ? 'Review transactions' : `Transaction #${w.transaction_id}`}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
