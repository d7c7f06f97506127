import { Anchor, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

export type BulkScope = 'single_page' | 'all_pages';

interface Props {
  opened: boolean;
  onCancel: () => void;
  onContinue: (scope: BulkScope, save: boolean) => void;
}

/**
 * Bulk Edit preference (spec 02 §4): this page or every page that matches, optionally saved
 * for next time. Continue stays disabled until a scope is chosen.
 */
export function BulkPreferenceModal({ opened, onCancel, onContinue }: Props) {
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
            <Radio value="single_page" label="Apply to just this page" />
            <Radio
              value="all_pages"
              label="Apply to all pages that match the selection"
              description="This may take some time to show in the table."
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
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
