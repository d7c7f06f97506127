import { VISIBILITY_LABELS, type VisibilityValue } from '@lotwise/contracts/transactions/constants';
import { Badge, Button, Checkbox, Divider, Group, Menu, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useVisibilityStats } from '@/lib/api/transactions/get-stats';

const ASSET_TYPES: VisibilityValue[] = ['cryptocurrency', 'nft', 'lptokens'];
const STATUSES: VisibilityValue[] = ['valid', 'ignored'];

/** Visibility: asset types and statuses under dividers, each with its count. */
export function VisibilitySelect({
  value,
  onChange,
}: {
  value: VisibilityValue[];
  onChange: (value: VisibilityValue[]) => void;
}) {
  const stats = useVisibilityStats(true).data;
  const toggle = (v: VisibilityValue) =>
    onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  const item = (v: VisibilityValue) => (
    <Menu.Item key={v} closeMenuOnClick={false} onClick={() => toggle(v)}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Checkbox label={VISIBILITY_LABELS[v]} checked={value.includes(v)} readOnly size="xs" />
        <Text fz="xs" c="dimmed">
          {stats ? stats[v].toLocaleString('en-US') : ''}
        </Text>
      </Group>
    </Menu.Item>
  );
  return (
    <Menu shadow="md" width={240} position="bottom-start">
      <Menu.Target>
        <Button variant="default" leftSection={<IconEye size={16} />} justify="space-between" fullWidth>
          Visibility
          <Badge size="xs" ml={6} variant="light">
            {value.length}
          </Badge>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Divider label="Asset Type" labelPosition="left" />
        {ASSET_TYPES.map(item)}
        <Divider label="Status" labelPosition="left" />
        {STATUSES.map(item)}
      </Menu.Dropdown>
    </Menu>
  );
}
