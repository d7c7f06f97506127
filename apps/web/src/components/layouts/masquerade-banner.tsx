import type { Masquerade } from '@lotwise/contracts/users/user';
import { Anchor, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useImportsChannel } from '@/lib/realtime';
import { rememberViewing } from '@/lib/session/access-ended';
import { useStopImpersonating } from '@/lib/session/stop-impersonating';
import classes from './shell.module.css';

/** Shown while a tax professional views a client's account. */
export function MasqueradeBanner({ masquerade }: { masquerade: Masquerade }) {
  const stop = useStopImpersonating();
  const who = masquerade.name || masquerade.email;
  useEffect(() => rememberViewing(who), [who]);
  // The realtime socket stays open on every page while viewing (not only those that listen to
  // imports), so a revoked accountant is taken out at once wherever they are (4403).
  useImportsChannel();
  return (
    <Group className={classes.masquerade} justify="center" align="center" gap={6} role="status" wrap="wrap">
      <Text fz="inherit" span style={{ minWidth: 0 }}>
        <IconEye size={14} style={{ verticalAlign: '-2px', marginRight: 4 }} />
        You are viewing <b>{masquerade.name}</b> {masquerade.email}{' '}
        <span className={classes.masqueradeUuid}>{masquerade.uuid}</span>
      </Text>
      <Anchor
        component="button"
        type="button"
        fz="inherit"
        fw={700}
        onClick={() => stop.mutate()}
        disabled={stop.isPending}
      >
        {stop.isPending ? 'Returning…' : 'Exit and Return'}
      </Anchor>
    </Group>
  );
}
