import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchReport, filenameFromDisposition, reportFileName } from './download-report';

afterEach(() => vi.unstubAllGlobals());

describe('report downloads', () => {
  it('reads the file name of the answer', () => {
    expect(filenameFromDisposition('attachment; filename="lotwise-form-8949-2024.pdf"')).toBe(
      'lotwise-form-8949-2024.pdf',
    );
    expect(filenameFromDisposition("attachment; filename*=UTF-8''a%20b.csv")).toBe('a b.csv');
    expect(filenameFromDisposition('attachment; filename=x.csv')).toBe('x.csv');
    expect(filenameFromDisposition(null)).toBeNull();
    expect(reportFileName(2024, 'form-8949.pdf')).toBe('lotwise-form-8949-2024.pdf');
  });

  it('returns the file, or payment_required for a 402', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('a,b', {
            status: 200,
            headers: { 'content-disposition': 'attachment; filename="r.csv"' },
          }),
      ),
    );
    const file = await fetchReport('/api/tax/reports/2024/income.csv', 'fallback.csv');
    expect(file.kind === 'file' ? file.filename : null).toBe('r.csv');

    const body = {
      status: 'error',
      code: 'payment_required',
      message: 'The reports of 2023 need a tax plan for 2023.',
      messages: [],
      payment_required: true,
      trace_id: 't1',
      tax_year: 2023,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 402 })),
    );
    expect(await fetchReport('/x', 'f')).toEqual({ kind: 'payment_required', taxYear: 2023 });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    );
    expect((await fetchReport('/x', 'f')).kind).toBe('error');
  });
});
