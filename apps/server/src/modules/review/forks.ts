/**
 * Chain splits whose new coin users received without buying it (a fork), with the day the
 * chain split. A deposit of that coin within FORK_WINDOW_DAYS after it is offered to the
 * MarkForkTransactions wizard.
 */
export const FORKS: Record<string, { day: string; from: string }> = {
  ETC: { day: '2016-07-20', from: 'ETH' },
  BCH: { day: '2017-08-01', from: 'BTC' },
  BTG: { day: '2017-10-24', from: 'BTC' },
  BSV: { day: '2018-11-15', from: 'BCH' },
  XEC: { day: '2020-11-15', from: 'BCH' },
  BCHA: { day: '2020-11-15', from: 'BCH' },
  LUNA: { day: '2022-05-28', from: 'LUNC' },
  ETHW: { day: '2022-09-15', from: 'ETH' },
};

export const FORK_WINDOW_DAYS = 180;
