import { Button, type ButtonProps, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencilPlus } from '@tabler/icons-react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { ManualEntryForm } from './manual-entry-form';

/** 'Add transaction manually' and its dialog (full screen on phones). */
export function ManualEntryButton(props: ButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const mobile = useIsMobile();
  return (
    <>
      <Button variant="default" leftSection={<IconPencilPlus size={16} />} onClick={open} {...props}>
        Add transaction manually
      </Button>
      <Modal opened={opened} onClose={close} title="Add a transaction" size="lg" fullScreen={mobile}>
        <ManualEntryForm onDone={close} />
      </Modal>
    </>
  );
}
