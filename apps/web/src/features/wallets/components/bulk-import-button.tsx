import { Box, Button, type ButtonProps, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListDetails } from '@tabler/icons-react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { BulkImportForm } from './bulk-import-form';

/** 'Bulk import': a dialog to paste many wallet addresses at once. */
export function BulkImportButton(props: ButtonProps) {
  const mobile = useIsMobile();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconListDetails size={16} />}
        onClick={open}
        data-testid="bulk-import-open"
        {...props}
      >
        Bulk import
      </Button>
      <Modal opened={opened} onClose={close} title="Import wallets in bulk" size="lg" fullScreen={mobile}>
        <Box data-testid="bulk-import-dialog">
          <BulkImportForm onDone={close} onCancel={close} />
        </Box>
      </Modal>
    </>
  );
}
