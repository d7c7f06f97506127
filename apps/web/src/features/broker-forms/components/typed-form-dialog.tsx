import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useTypeBrokerForm } from '@/lib/api/broker-forms/broker-forms';
import { AccountSelect } from './account-select';
import { ProblemsAlert } from './problems-alert';
import { boxesOf, emptyLine, type LineDraft } from './typed-line';
import { TypedLineFields } from './typed-line-fields';

/**
 * Type a 1099-DA in from the paper form, box by box, one or more lines. The account starts as the
 * page's (`initialAccount`: the one chosen on the page, else the one the year's forms are from).
 */
export function TypedFormDialog({
  year,
  opened,
  initialAccount,
  onClose,
}: {
  year: number;
  opened: boolean;
  initialAccount: string | null;
  onClose: () => void;
}) {
  const mobile = useIsMobile();
  const save = useTypeBrokerForm();
  const [account, setAccount] = useState<string | null>(initialAccount);
  // Each opening starts from the page's account.
  useEffect(() => {
    if (opened) setAccount(initialAccount);
  }, [opened, initialAccount]);
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const close = () => {
    save.reset();
    onClose();
  };
  const submit = () => {
    if (!account) return;
    save.mutate(
      { account_id: Number(account), year, lines: lines.map(boxesOf) },
      {
        onSuccess: () => {
          setLines([emptyLine()]);
          close();
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Type in a Form 1099-DA for ${year}`}
      size="xl"
      fullScreen={mobile}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Copy each box as printed. Leave a box empty when the form leaves it empty; amounts in dollars.
        </Text>
        <AccountSelect value={account} onChange={setAccount} />
        {lines.map((line, i) => (
          <TypedLineFields
            // Lines are only added at the end and removed from it: the index is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            index={i}
            line={line}
            onChange={(next) => setLines(lines.map((l, k) => (k === i ? next : l)))}
          />
        ))}
        <Group gap="xs">
          <Button variant="light" onClick={() => setLines([...lines, emptyLine()])}>
            Add a line
          </Button>
          {lines.length > 1 ? (
            <Button variant="subtle" color="red" onClick={() => setLines(lines.slice(0, -1))}>
              Remove the last line
            </Button>
          ) : null}
        </Group>
        <ProblemsAlert error={save.error} title="The form was not saved" />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!account} loading={save.isPending}>
            Save the form
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
