import { Stack, Switch } from '@mantine/core';

export const NOTIFICATION_TEXT = {
  email: {
    label: 'E-mail me when imports and tax calculations finish',
    description: 'One short e-mail per finished job. No marketing.',
  },
  switch: {
    label: 'Show in-app notifications',
    description: 'A notice in Lotwise when an import, sync or calculation changes state.',
  },
} as const;

export function NotificationSwitches({
  email,
  inApp,
  onEmail,
  onInApp,
}: {
  email?: boolean;
  inApp?: boolean;
  onEmail?: (v: boolean) => void;
  onInApp?: (v: boolean) => void;
}) {
  return (
    <Stack gap="md">
      {onEmail ? (
        <Switch
          size="md"
          checked={email ?? false}
          onChange={(e) => onEmail(e.currentTarget.checked)}
          label={NOTIFICATION_TEXT.email.label}
          description={NOTIFICATION_TEXT.email.description}
        />
      ) : null}
      {onInApp ? (
        <Switch
          size="md"
          checked={inApp ?? false}
          onChange={(e) => onInApp(e.currentTarget.checked)}
          label={NOTIFICATION_TEXT.switch.label}
          description={NOTIFICATION_TEXT.switch.description}
        />
      ) : null}
    </Stack>
  );
}
