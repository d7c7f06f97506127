import { Anchor, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

export type BulkScope = 'single_page' | 'all_pages';

interface Props {
  opened: boolean;
  /** Rows ticked, and rows the list's filter matches over all pages. */
  selected: number;
  total: number;
  onCancel: () => void;
  onContinue: (scope: BulkScope, save: boolean) => void;
}

/**
 * Bulk Edit preference (spec 02 §4): this page or every page that matches, optionally saved
 * for next time. Continue stays disabled until a scope is chosen.
 */
export function BulkPreferenceModal({ opened, selected, total, onCancel, onContinue }: Props) {
  const [scope, setScope] = useState<BulkScope | null>(null);
  const [save, setSave] = useState(false);
  useEffect(() => {
    if (opened) {
      setScope(null);
      setSave(false);
    }
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onCancel} title="Bulk Edit" centered data-testid="bulk-preference-modal">
      <Stack gap="md">
        <Text fz="sm">Your selection continues on other pages. What should this change apply to?</Text>
        <Radio.Group value={scope ?? ''} onChange={(v) => setScope(v as BulkScope)}>
          <Stack gap="sm">
            <Radio
              value="single_page"
              label="Apply to just this page"
              description={`${selected.toLocaleString('en-US')} selected ${selected === 1 ? 'transaction' : 'transactions'} will change.`}
            />
            <Radio
              value="all_pages"
              label="Apply to all pages that match the selection"
              description={`All ${total.toLocaleString('en-US')} transactions that match the filters will change, not only the ones you ticked. This may take some time to show in the table; you can undo it afterwards.`}
            />
          </Stack>
        </Radio.Group>
        <Checkbox
          label="Save preference for future transactions"
          checked={save}
          onChange={(e) => setSave(e.currentTarget.checked)}
        />
        <Text fz="xs" c="dimmed">
          You can change this later in{' '}
          <Anchor component={Link} to="/settings#bulk_edit_preference" fz="xs">
            Settings
          </Anchor>
          .
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={scope === null} onClick={() => scope && onContinue(scope, save)}>
            {scope === 'all_pages' ? `Continue: change ${total.toLocaleString('en-US')}` : 'Continue'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
