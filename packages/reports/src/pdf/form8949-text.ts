import type { Form8949Box } from '../form8949.ts';

/** The wording of the boxes on the IRS form (the 2025 revision adds G–L for digital assets). */
export const BOX_TEXT: Record<Form8949Box, string> = {
  A: 'Short-term transactions reported on Form(s) 1099-B showing basis was reported to the IRS',
  B: "Short-term transactions reported on Form(s) 1099-B showing basis wasn't reported to the IRS",
  C: 'Short-term transactions not reported to you on Form 1099-B',
  D: 'Long-term transactions reported on Form(s) 1099-B showing basis was reported to the IRS',
  E: "Long-term transactions reported on Form(s) 1099-B showing basis wasn't reported to the IRS",
  F: 'Long-term transactions not reported to you on Form 1099-B',
  G: 'Short-term transactions reported on Form(s) 1099-DA showing basis was reported to the IRS',
  H: "Short-term transactions reported on Form(s) 1099-DA showing basis wasn't reported to the IRS",
  I: 'Short-term digital asset transactions not reported to you on Form 1099-DA or 1099-B',
  J: 'Long-term transactions reported on Form(s) 1099-DA showing basis was reported to the IRS',
  K: "Long-term transactions reported on Form(s) 1099-DA showing basis wasn't reported to the IRS",
  L: 'Long-term digital asset transactions not reported to you on Form 1099-DA or 1099-B',
};

/** Column headings (a)–(h), one string per printed line. */
export const HEADINGS: Record<string, string[]> = {
  a: ['(a)', 'Description of property', '(Example: 0.5 BTC)'],
  b: ['(b)', 'Date acquired', '(Mo., day, yr.)'],
  c: ['(c)', 'Date sold or', 'disposed of', '(Mo., day, yr.)'],
  d: ['(d)', 'Proceeds', '(sales price)'],
  e: ['(e)', 'Cost or other basis.', 'See the Note below', 'and see Column (e)', 'in the instructions'],
  f: ['(f)', 'Code(s) from', 'instructions'],
  g: ['(g)', 'Amount of', 'adjustment'],
  h: [
    '(h)',
    'Gain or (loss).',
    'Subtract column (e)',
    'from column (d) and',
    'combine the result',
    'with column (g)',
  ],
};
