import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Back / Continue buttons at the bottom of each step. */
export function StepActions({
  back,
  loading,
  disabled,
  label = 'Continue',
  extra,
}: {
  back?: string;
  loading?: boolean;
  disabled?: boolean;
  label?: string;
  extra?: React.ReactNode;
}) {
  return (
    <Group justify="space-between" mt="sm">
      {back ? (
        <Button
          component={Link}
          to={back}
          variant="subtle"
          color="gray"
          leftSection={<IconArrowLeft size={16} />}
        >
          Back
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm">
        {extra}
        <Button type="submit" loading={loading} disabled={disabled}>
          {label}
        </Button>
      </Group>
    </Group>
  );
}
