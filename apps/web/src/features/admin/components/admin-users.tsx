import { INVITE_PLAN_IDS } from '@lotwise/contracts/taxpro/taxpro';
import type { Role } from '@lotwise/contracts/users/user';
import {
  Badge,
  Button,
  Group,
  Menu,
  MultiSelect,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEye, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useImpersonate } from '@/lib/api/taxpro/taxpro';
import { errorText } from '@/lib/api-client';
import { useBillingEnabled } from '@/lib/billing-status';
import { useUser } from '@/lib/session/session';
import { useAdminUsers, useGrantPlan, useUpdateUser } from '../api/admin';

const ROLES: Role[] = ['customer', 'cpa', 'admin'];
const YEAR = new Date().getUTCFullYear() - 1;
const failed = (error: unknown) => notifications.show({ color: 'red', message: errorText(error) });

/**
 * Accounts: roles, disabled state, transaction counts, plans; change roles, disable, grant a
 * plan, open the account (impersonation). With billing off there are no plans: no Plans column
 * and no Grant plan (issue 35.9).
 */
export function AdminUsers() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const users = useAdminUsers(q, page);
  const update = useUpdateUser();
  const grant = useGrantPlan();
  const billing = useBillingEnabled();
  // README: admins look inside an account by impersonating it (Exit and Return comes back here).
  const enter = useImpersonate();
  const me = useUser();
  return (
    <Stack gap="sm">
      <TextInput
        maw={360}
        aria-label="Search accounts"
        placeholder="Search by e-mail or name"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {users.isPending ? (
        <LoadingState label="Loading accounts…" />
      ) : users.isError || !users.data ? (
        <ErrorState message={errorText(users.error)} onRetry={() => void users.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={billing ? 940 : 760}>
            <Table verticalSpacing="xs" data-testid="admin-users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Roles</Table.Th>
                  <Table.Th>Transactions</Table.Th>
                  {billing ? <Table.Th>Plans</Table.Th> : null}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.data.map((u) => (
                  <Table.Tr key={u.id} data-testid="admin-user-row">
                    <Table.Td miw={240}>
                      <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {u.email}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {u.name ?? '—'} · since {u.created_at.slice(0, 10)}
                        {u.disabled ? (
                          <Badge ml={6} size="xs" color="red">
                            Disabled
                          </Badge>
                        ) : null}
                      </Text>
                    </Table.Td>
                    <Table.Td w={260}>
                      <MultiSelect
                        size="xs"
                        aria-label={`Roles of ${u.email}`}
                        data={ROLES}
                        value={u.roles}
                        onChange={(roles) =>
                          roles.length > 0 &&
                          update.mutate({ id: u.id, roles: roles as Role[] }, { onError: failed })
                        }
                      />
                    </Table.Td>
                    <Table.Td>{u.transactions.toLocaleString('en-US')}</Table.Td>
                    {billing ? (
                      <Table.Td>
                        <Text fz="xs">
                          {u.plans.map((p) => `${p.plan_id} ${p.tax_year}`).join(', ') || '—'}
                        </Text>
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {u.id === me.id ? null : (
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconEye size={14} />}
                            aria-label={`Open the account of ${u.email}`}
                            loading={enter.isPending && enter.variables === u.id}
                            onClick={() => enter.mutate(u.id, { onError: failed })}
                          >
                            Open account
                          </Button>
                        )}
                        {billing ? (
                          <Menu withinPortal>
                            <Menu.Target>
                              <Button size="xs" variant="light">
                                Grant plan
                              </Button>
                            </Menu.Target>
                            <Menu.Dropdown>
                              {INVITE_PLAN_IDS.map((plan) => (
                                <Menu.Item
                                  key={plan}
                                  onClick={() =>
                                    grant.mutate(
                                      { id: u.id, tax_year: YEAR, plan_id: plan },
                                      { onError: failed },
                                    )
                                  }
                                >
                                  {plan} for {YEAR}
                                </Menu.Item>
                              ))}
                            </Menu.Dropdown>
                          </Menu>
                        ) : null}
                        <Button
                          size="xs"
                          variant="subtle"
                          color={u.disabled ? 'teal' : 'red'}
                          onClick={() =>
                            update.mutate({ id: u.id, disabled: !u.disabled }, { onError: failed })
                          }
                        >
                          {u.disabled ? 'Enable' : 'Disable'}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {users.data && users.data.meta.total_pages > 1 ? (
        <Pagination size="sm" total={users.data.meta.total_pages} value={page} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
