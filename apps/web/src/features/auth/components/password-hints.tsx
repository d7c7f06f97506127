import { PASSWORD_MIN_LENGTH, passwordProblems } from '@lotwise/contracts/auth/password-rules';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

const CHECKS = [
  {
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    label: 'Mixes letters with numbers or symbols',
    test: (p: string) => [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(p)).length >= 2,
  },
];

/** Live hints from the shared password rules, so the form says what the server will say. */
export function PasswordHints({ password, email }: { password: string; email?: string }) {
  if (!password) return null;
  const passed = CHECKS.filter((c) => c.test(password)).length;
  const problems = passwordProblems(password, email);
  const strength = problems.length === 0 ? 100 : (passed / (CHECKS.length + 1)) * 100;
  return (
    <Stack gap={6}>
      <Progress value={strength} color={problems.length === 0 ? 'teal' : 'orange'} size="sm" aria-hidden />
      {CHECKS.map((c) => {
        const ok = c.test(password);
        return (
          <Group key={c.label} gap={6} wrap="nowrap">
            {ok ? (
              <IconCheck size={14} color="var(--mantine-color-teal-7)" />
            ) : (
              <IconX size={14} color="var(--mantine-color-gray-5)" />
            )}
            <Text fz="xs" c={ok ? 'teal.8' : 'dimmed'}>
              {c.label}
            </Text>
          </Group>
        );
      })}
      {problems
        .filter((p) => p.includes('e-mail'))
        .map((p) => (
          <Text key={p} fz="xs" c="orange.8">
            {p}
          </Text>
        ))}
    </Stack>
  );
}
