import { Anchor, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/** The payment provider's receipt, in a new tab. */
export function ReceiptLink({ url }: { url: string | null }) {
  if (!url)
    return (
      <Text span c="dimmed" fz="sm">
        —
      </Text>
    );
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" fz="sm" data-testid="billing-receipt">
      Receipt <IconExternalLink size={12} style={{ verticalAlign: 'middle' }} />
    </Anchor>
  );
}
