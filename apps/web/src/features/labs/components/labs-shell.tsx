import { LABS_SORT_LABELS, type LabsSort, type MarketStatus } from '@lotwise/contracts/labs/labs';
import { Alert, Badge, Box, Group, SegmentedControl, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClockExclamation, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

const TABS: Array<{ label: string; short?: string; to: string }> = [
  { label: 'Dashboard', to: paths.labs.dashboard.path },
  { label: 'Discover', to: paths.labs.discover.path },
  { label: 'Research portfolios', short: 'Research', to: paths.labs.researchPortfolios.path },
];

/** The Labs pages' header: title with the Beta badge, the three tabs, and the page's body. */
export function LabsShell({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const narrow = useMediaQuery('(max-width: 30em)');
  const active = TABS.find((t) => pathname.startsWith(t.to))?.to ?? null;
  return (
    <Box>
      <PageHeader
        title={title}
        description={
          <Group gap={6} component="span" wrap="nowrap">
            <Badge color="pink" variant="light" size="sm" component="span" style={{ flexShrink: 0 }}>
              Beta
            </Badge>
            <Text span fz="sm" c="dimmed">
              {description}
            </Text>
          </Group>
        }
        actions={actions}
      />
      <Tabs value={active} onChange={(to) => to && navigate(to)} mb="md" keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {TABS.map((t) => (
            <Tabs.Tab key={t.to} value={t.to} style={{ whiteSpace: 'nowrap' }}>
              {narrow ? (t.short ?? t.label) : t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </Box>
  );
}

/** How fresh the market figures are, in words, whenever they are not a provider's live list. */
export function MarketStatusNotice({ status }: { status: MarketStatus }) {
  if (!status.message) {
    return status.as_of ? (
      <Text fz="xs" c="dimmed" mb="sm" data-testid="market-as-of">
        Market data from {status.origin}, {status.as_of.slice(0, 16).replace('T', ' ')}
        {status.as_of.length > 10 ? ' UTC' : ''}. Prices in US dollars.
      </Text>
    ) : null;
  }
  // A provider being asked in the background is news, not a warning: the page asks again shortly.
  const warn = !status.pending && (status.stale || status.source === 'none' || status.source === 'snapshot');
  return (
    <Alert
      mb="md"
      color={warn ? 'yellow' : 'blue'}
      variant="light"
      icon={warn ? <IconClockExclamation size={18} /> : <IconInfoCircle size={18} />}
      data-testid="market-status"
    >
      <Text fz="sm">{status.message}</Text>
    </Alert>
  );
}

/** 24 Hours (default) / 7 Days / 30 Days (spec 01 §3/§9). */
export function SortControl({ value, onChange }: { value: LabsSort; onChange: (sort: LabsSort) => void }) {
  return (
    <SegmentedControl
      aria-label="Change over"
      size="xs"
      value={value}
      onChange={(v) => onChange(v as LabsSort)}
      data={(Object.keys(LABS_SORT_LABELS) as LabsSort[]).map((key) => ({
        value: key,
        label: LABS_SORT_LABELS[key].long,
      }))}
    />
  );
}
