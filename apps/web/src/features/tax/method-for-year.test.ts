import { describe, expect, it } from 'vitest';
import { methodForYear } from './method-for-year';

describe('methodForYear', () => {
  it('gives each year its own method from a per-year list', () => {
    const text = '2023:fifo,2024:hifo';
    expect(methodForYear(text, 2022)).toBe('FIFO');
    expect(methodForYear(text, 2023)).toBe('FIFO');
    expect(methodForYear(text, 2024)).toBe('HIFO');
    expect(methodForYear(text, 2025)).toBe('HIFO');
  });

  it('gives a single method to every year', () => {
    expect(methodForYear('lifo', 2019)).toBe('LIFO');
    expect(methodForYear(' hifo ', 2024)).toBe('HIFO');
  });
});
