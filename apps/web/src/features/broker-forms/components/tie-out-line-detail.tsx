import type { TieOutLineRow } from '@lotwise/contracts/tax/tie-out';
import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DisposalLots } from '@/components/tax/disposal-lots';
import { paths } from '@/config/paths';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import { type FixStage, LineFixes } from './line-fixes';

/** An opened tie-out line: why, its fixes, its Form 8949 row, and Lotwise's disposals with their lots. */
export function TieOutLineDetail({
  line,
  readOnly,
  onFixed,
}: {
  line: TieOutLineRow;
  readOnly: boolean;
  onFixed: (stage: FixStage) => void;
}) {
  const f = line.form_8949;
  return (
    <Stack gap="xs" py="xs" data-testid="tie-out-detail">
      <List size="sm" spacing={4}>
        {line.reasons.map((r) => (
          <List.Item key={r.code} data-testid={`reason-${r.code}`}>
            {r.text}
          </List.Item>
        ))}
      </List>
      <LineFixes line={line} readOnly={readOnly} onFixed={onFixed} />
      {f ? (
        <Text fz="sm" data-testid="tie-out-8949">
          Form 8949 box {f.box}: (d) {formatMoney(f.proceeds)} · (e) {formatMoney(f.cost_basis)}
          {f.code ? ` · (f) ${f.code} · (g) ${formatMoney(f.adjustment)}` : ''} · (h) {formatMoney(f.gain)}
        </Text>
      ) : (
        <Text fz="sm" c="dimmed">
          Not on Form 8949 until Lotwise has the sale.
        </Text>
      )}
      {line.disposals.map((d) => (
        <Stack key={d.id} gap={2}>
          <Text fz="sm">
            Lotwise:{' '}
            <Anchor component={Link} to={paths.transactions.getHref({ id: d.transaction_id })}>
              {formatCrypto(d.amount)} {line.asset} sold {d.disposed_at} in {d.wallet}
            </Anchor>{' '}
            · proceeds {formatMoney(d.proceeds)} · basis {formatMoney(d.cost_basis)} · {d.term}-term
          </Text>
          <DisposalLots id={d.id} currency="USD" />
        </Stack>
      ))}
    </Stack>
  );
}
