import type { TieOutStatus } from '@lotwise/contracts/tax/tie-out';

export const STATUS_LABELS: Record<TieOutStatus, string> = {
  matches: 'Matches',
  proceeds_differ: 'Proceeds differ',
  basis_differs: 'Basis differs',
  term_differs: 'Term differs',
  form_only: 'On the 1099-DA only',
  lotwise_only: 'In Lotwise only',
};

export const STATUS_COLORS: Record<TieOutStatus, string> = {
  matches: 'teal',
  proceeds_differ: 'red',
  basis_differs: 'orange',
  term_differs: 'yellow',
  form_only: 'grape',
  lotwise_only: 'blue',
};

/** The badge of a line below 768 px: the long labels shortened so the badge is never cut. */
export const STATUS_SHORT_LABELS: Record<TieOutStatus, string> = {
  ...STATUS_LABELS,
  form_only: '1099-DA only',
  lotwise_only: 'Lotwise only',
};
