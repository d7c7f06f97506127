import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Anchor component={Link} to={to} underline="never" aria-label="Lotwise home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          size={32}
          radius="md"
          variant="gradient"
          gradient={{ from: 'teal.7', to: 'navy.8', deg: 135 }}
        >
          <IconStack2 size={20} />
        </ThemeIcon>
        <Text fw={750} fz="lg" c="navy.9" style={{ letterSpacing: '-0.02em' }}>
          Lotwise
        </Text>
      </Group>
    </Anchor>
  );
}
