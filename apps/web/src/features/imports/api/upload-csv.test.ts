import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { parseUploadAnswer, uploadFormData } from './upload-csv';

describe('upload form', () => {
  it('puts the fields before the file and leaves out the blank ones', () => {
    const file = new File(['a,b\n'], 'x.csv', { type: 'text/csv' });
    const form = uploadFormData({
      file,
      format: 'auto',
      importHistoryId: 7,
      customName: ' ',
      newAccount: true,
    });
    expect([...form.keys()]).toEqual(['import_history_id', 'new_account', 'file']);
    expect(form.get('import_history_id')).toBe('7');
    expect(form.get('new_account')).toBe('true');
  });

  it('sends a chosen format and the wallet address', () => {
    const file = new File(['a'], 'x.csv');
    const form = uploadFormData({ file, format: 'kraken-trades', walletAddress: ' bc1q ' });
    expect(form.get('format')).toBe('kraken-trades');
    expect(form.get('wallet_address')).toBe('bc1q');
  });
});

describe('upload answer', () => {
  it('reads a success', () => {
    const result = parseUploadAnswer(200, {
      status: 'success',
      data: { import_history_id: 1, import_file_id: 2, job_id: 3 },
    });
    expect(result.data.import_file_id).toBe(2);
  });

  it('turns a 400 into an ApiError with the server message', () => {
    const payload = {
      status: 'error',
      code: 'validation_failed',
      message: 'file: unrecognised file layout: x',
      messages: ['file: unrecognised file layout: x'],
      field: 'file',
    };
    try {
      parseUploadAnswer(400, payload);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).display).toBe('file: unrecognised file layout: x');
    }
  });

  it('says so when the answer is not JSON', () => {
    expect(() => parseUploadAnswer(502, null)).toThrow('The upload failed. Please try again.');
  });
});
