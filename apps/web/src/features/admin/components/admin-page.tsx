import { Alert, Tabs } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { isAdmin } from '@/lib/access/roles';
import { useBillingEnabled } from '@/lib/billing-status';
import { useUser } from '@/lib/session/session';
import { AdminJobs } from './admin-jobs';
import { AdminUsers } from './admin-users';

/** /admin: what the operator of a self-hosted instance needs (accounts, roles, plans when billing is on, jobs). */
export function AdminPage() {
  const user = useUser();
  const billing = useBillingEnabled(isAdmin(user));
  if (!isAdmin(user))
    return (
      <Alert color="red" title="Administrators only">
        This page is for the administrators of this Lotwise instance.
      </Alert>
    );
  return (
    <>
      <PageHeader
        title="Administration"
        description={`Accounts, roles${billing ? ' and plans' : ''}, and the background jobs. Admins see accounts and counts, not transactions.`}
      />
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">Accounts</Tabs.Tab>
          <Tabs.Tab value="jobs">Jobs</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <AdminUsers />
        </Tabs.Panel>
        <Tabs.Panel value="jobs">
          <AdminJobs />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
