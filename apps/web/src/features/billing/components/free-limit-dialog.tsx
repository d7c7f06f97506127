import { FREE_LIMIT_TEXT, FREE_LIMIT_TITLE, TOO_MANY_TRANSACTIONS } from '@lotwise/contracts/billing/billing';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Where the pricing page was opened from (spec 01 §2): the first-import page or elsewhere. */
export type FreeLimitCallUrl = 'settings' | 'wizardParsed';

export interface FreeLimitDialogProps {
  opened: boolean;
  onClose: () => void;
  /** false: no plan holds what is paused ('Too many transactions…'). */
  upgradePossible: boolean;
  taxYear: number;
  callUrl: FreeLimitCallUrl;
  /** The saved imports path. */
  importsHref: string;
}

/** spec 01 §8: an import was paused by the free import limit. */
export function FreeLimitDialog({
  opened,
  onClose,
  upgradePossible,
  taxYear,
  callUrl,
  importsHref,
}: FreeLimitDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={FREE_LIMIT_TITLE} centered size="md" zIndex={400}>
      <Stack gap="lg" data-testid="free-limit-dialog" data-variant={upgradePossible ? 'upgrade' : 'too-many'}>
        <Text fz="sm">{upgradePossible ? FREE_LIMIT_TEXT : TOO_MANY_TRANSACTIONS}</Text>
        <Group justify="flex-end" gap="sm">
          <Button
            component={Link}
            to={importsHref}
            variant={upgradePossible ? 'default' : 'filled'}
            onClick={onClose}
            data-testid="free-limit-imports"
          >
            View My Imports
          </Button>
          {upgradePossible ? (
            <Button
              component={Link}
              to={paths.pricing.getHref({ callUrl, taxYear })}
              leftSection={<IconSparkles size={16} />}
              onClick={onClose}
              data-testid="free-limit-upgrade"
            >
              Upgrade Now
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
