/**
 * The guided review's wizards in their order (spec 01 §4), the onboarding progress step each
 * gives, and the findings each one works on.
 */
export const WIZARDS = [
  'UploadCsvWizard',
  'PricingWizard',
  'PaymentWizard',
  'SentGiftorPurchase',
  'MarkForkTransactions',
  'ConfirmAllTransaction',
  'MissingSendWizard',
  'MissingReceiveWizard',
  'SelfTransferWizard',
  'SelectLifoFifo',
] as const;
export type Wizard = (typeof WIZARDS)[number];

/** Spec 01 §4: UploadCsvWizard 1; Pricing and Payment 2; the review wizards 3; SelectLifoFifo 4. */
export const WIZARD_STEP: Record<Wizard | 'pricing_summary' | 'tax_summary', number> = {
  UploadCsvWizard: 1,
  PricingWizard: 2,
  PaymentWizard: 2,
  SentGiftorPurchase: 3,
  MarkForkTransactions: 3,
  ConfirmAllTransaction: 3,
  MissingSendWizard: 3,
  MissingReceiveWizard: 3,
  SelfTransferWizard: 3,
  SelectLifoFifo: 4,
  pricing_summary: 2,
  tax_summary: 5,
};

/** What each wizard asks, as the review pages title it. */
export const WIZARD_TITLES: Record<Wizard, { title: string; question: string }> = {
  UploadCsvWizard: { title: 'Import', question: 'Add the files of every exchange and wallet you used.' },
  PricingWizard: {
    title: 'Missing prices',
    question: 'These transactions have no fair market value yet. Add a value, load prices or fetch again.',
  },
  PaymentWizard: { title: 'Plan', question: 'Choose a plan for the tax year.' },
  SentGiftorPurchase: {
    title: 'Withdrawals',
    question: 'Where did these go? A sale, a gift, a purchase, or a transfer to a wallet of yours?',
  },
  MarkForkTransactions: {
    title: 'Forks and airdrops',
    question: 'These deposits look like a fork or an airdrop. Is that what they are?',
  },
  ConfirmAllTransaction: {
    title: 'Income',
    question: 'Your files call these income (staking, interest, rewards). Confirm them as income.',
  },
  MissingSendWizard: {
    title: 'Deposits from nowhere',
    question:
      'No withdrawal matches these deposits. Income, a gift, or a transfer from an account not imported yet?',
  },
  MissingReceiveWizard: {
    title: 'Negative balances',
    question:
      'More left these wallets than ever came in. Find the missing purchase, or accept a zero cost basis.',
  },
  SelfTransferWizard: {
    title: 'Transfers between your accounts',
    question: 'These withdrawals and deposits look like one transfer between your accounts. Confirm them.',
  },
  SelectLifoFifo: { title: 'Method', question: 'Compare the lot methods for the year and choose one.' },
};

/** The wizards with findings to decide, in order (the others are steps without a list). */
export const FINDING_WIZARDS = [
  'PricingWizard',
  'SentGiftorPurchase',
  'MarkForkTransactions',
  'ConfirmAllTransaction',
  'MissingSendWizard',
  'MissingReceiveWizard',
  'SelfTransferWizard',
] as const satisfies readonly Wizard[];
export type FindingWizard = (typeof FINDING_WIZARDS)[number];

/** The answers each wizard offers, and the user-defined type (spec 02 §3) each one records. */
export const CHOICES = {
  PricingWizard: {},
  SentGiftorPurchase: {
    sale: { label: 'Sale', type: 'business_or_investment' },
    gift: { label: 'Gift', type: 'gift_sent' },
    purchase: { label: 'Purchase or payment', type: 'purchase' },
    donation: { label: 'Donation (501(c)(3))', type: 'donation_501c3' },
    own_wallet: { label: 'Transfer to a wallet of mine', type: 'external_transfer' },
    lost: { label: 'Lost', type: 'lost' },
    stolen: { label: 'Stolen', type: 'stolen' },
  },
  MarkForkTransactions: {
    fork: { label: 'Fork', type: 'fork' },
    airdrop: { label: 'Airdrop', type: 'airdrop' },
    neither: { label: 'Neither: a transfer', type: 'external_transfer' },
  },
  ConfirmAllTransaction: {
    confirm: { label: 'Income, as the file says', type: null },
  },
  MissingSendWizard: {
    income: { label: 'Income (reward)', type: 'misc_reward' },
    airdrop: { label: 'Airdrop', type: 'airdrop' },
    gift: { label: 'Gift received', type: 'gift_received' },
    purchase: { label: 'Purchase at market value', type: 'business_or_investment' },
    not_imported: { label: 'Transfer from an account not imported yet', type: 'external_transfer' },
  },
  MissingReceiveWizard: {
    zero_basis: { label: 'Accept a zero cost basis', type: 'business_or_investment' },
  },
  SelfTransferWizard: {
    confirm: { label: 'Yes, one transfer', type: 'self_transfer' },
    reject: { label: 'No, two separate transactions', type: 'external_transfer' },
  },
} as const satisfies Record<FindingWizard, Record<string, { label: string; type: string | null }>>;
