import type { TieOutLineRow } from '@lotwise/contracts/tax/tie-out';
import { Button, Group, Text } from '@mantine/core';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatCrypto } from '@/lib/format/amount';
import { missingUnits } from './line-fixes-rules';
import { MissingDepositDialog } from './missing-deposit-dialog';

/** A fix's progress: the deposit stored, then the year recalculated. */
export type FixStage = 'saved' | 'recalculated';

/**
 * The fixes a tie-out line offers where the difference is rows Lotwise never saw: coins sold
 * without a purchase or deposit (a transfer in from a wallet not imported) — add the deposit, or
 * import the wallet they came from; a deposit no withdrawal matched ($0 basis) — import that
 * wallet; a sale missing from the account's import — import its latest export. None while an accountant views a client's account (the server refuses the fix too).
 */
export function LineFixes({
  line,
  readOnly,
  onFixed,
}: {
  line: TieOutLineRow;
  readOnly: boolean;
  onFixed: (stage: FixStage) => void;
}) {
  // The units the open dialog adds: it stays while the year is recalculated, whatever the
  // line reads meanwhile (the tie-out is read again when the calculation finishes).
  const [adding, setAdding] = useState<string | null>(null);
  const units = missingUnits(line);
  const unmatched = line.reasons.some((r) => r.code === 'deposit_without_basis');
  const rowsMissing = line.reasons.some((r) => r.code === 'missing_rows');
  const dialog =
    adding === null ? null : (
      <MissingDepositDialog
        line={line}
        units={adding}
        opened
        onClose={() => setAdding(null)}
        onFixed={(stage) => {
          if (stage === 'recalculated') setAdding(null);
          onFixed(stage);
        }}
      />
    );
  // The dialog keeps its place in the tree whatever is offered (moving it would reset it).
  if (readOnly || (units === null && !unmatched && !rowsMissing))
    return (
      <>
        {null}
        {dialog}
      </>
    );
  const importWallet = (
    <Button
      size="xs"
      variant="light"
      component={Link}
      to={`${paths.imports.path}#add-account`}
      leftSection={<IconUpload size={14} />}
    >
      Import the wallet it came from
    </Button>
  );
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="tie-out-fixes">
        {units !== null ? (
          <>
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(units)}>
              Add the missing deposit
            </Button>
            {importWallet}
            <Text fz="xs" c="dimmed" w="100%">
              {formatCrypto(units)} {line.asset} came into {line.account} before {line.broker?.date_sold} from
              a wallet Lotwise has not seen.
            </Text>
          </>
        ) : unmatched ? (
          // The deposit is there without its basis: another deposit would count the coins twice.
          importWallet
        ) : (
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={paths.imports.path}
            leftSection={<IconUpload size={14} />}
          >
            Import {line.account}’s latest export
          </Button>
        )}
      </Group>
      {dialog}
    </>
  );
}
