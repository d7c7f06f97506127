import { Button, Group, Modal, Text } from '@mantine/core';
import { RESTART_CONFIRMATION } from '../utils/button-state';

/** The restart confirmation of spec 01 §5: Cancel and Restart. */
export function RestartModal({
  opened,
  loading,
  onCancel,
  onRestart,
}: {
  opened: boolean;
  loading: boolean;
  onCancel: () => void;
  onRestart: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Restart Tax Calculation" centered>
      <Text fz="sm">{RESTART_CONFIRMATION}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="teal" loading={loading} onClick={onRestart}>
          Restart
        </Button>
      </Group>
    </Modal>
  );
}
