import { Text, type TextProps } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';

/** A change in percent, green up / red down with an arrow (colour is never the only cue). */
export function ChangeText({ value, ...props }: { value: string | null } & TextProps) {
  if (value === null)
    return (
      <Text c="dimmed" span {...props}>
        —
      </Text>
    );
  const down = value.startsWith('-');
  const zero = /^-?0(\.0+)?$/.test(value);
  const Icon = down ? IconArrowDownRight : IconArrowUpRight;
  return (
    <Text
      span
      c={zero ? 'dimmed' : down ? 'red.7' : 'teal.7'}
      fw={600}
      style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 2 }}
      {...props}
    >
      {zero ? null : <Icon size={14} aria-hidden />}
      {down || zero ? '' : '+'}
      {value}%
    </Text>
  );
}
