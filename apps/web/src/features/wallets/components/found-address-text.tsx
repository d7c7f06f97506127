import type { FoundAddress } from '@lotwise/contracts/wallets/wallet-finder';
import { Text, type TextProps, Tooltip } from '@mantine/core';
import { shortenWalletAddress } from '@/lib/format/text';

/** The address shortened to its first 5 and last 4 characters (spec 01 §5); the full one on hover. */
export function FoundAddressText({ row, ...props }: { row: FoundAddress } & TextProps) {
  return (
    <Tooltip label={row.address} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Text ff="monospace" fz="sm" title={row.address} {...props}>
        {shortenWalletAddress(row.address)}
      </Text>
    </Tooltip>
  );
}
