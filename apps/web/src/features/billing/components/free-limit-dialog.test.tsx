import { FREE_LIMIT_TEXT, FREE_LIMIT_TITLE, TOO_MANY_TRANSACTIONS } from '@lotwise/contracts/billing/billing';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { FreeLimitDialog } from './free-limit-dialog';

const base = { opened: true, taxYear: 2024, importsHref: '/wallets' } as const;

describe('FreeLimitDialog', () => {
  it('offers an upgrade for the tax year and the imports', () => {
    const close = vi.fn();
    renderWithProviders(<FreeLimitDialog {...base} onClose={close} upgradePossible callUrl="settings" />);
    expect(screen.getByText(FREE_LIMIT_TITLE)).toBeTruthy();
    expect(screen.getByText(FREE_LIMIT_TEXT)).toBeTruthy();
    expect(screen.getByTestId('free-limit-dialog').getAttribute('data-variant')).toBe('upgrade');
    const upgrade = screen.getByRole('link', { name: 'Upgrade Now' });
    expect(upgrade.getAttribute('href')).toBe('/pricing?callUrl=settings&taxYear=2024');
    const imports = screen.getByRole('link', { name: 'View My Imports' });
    expect(imports.getAttribute('href')).toBe('/wallets');
    fireEvent.click(imports);
    expect(close).toHaveBeenCalled();
  });

  it('uses callUrl=wizardParsed from the first-import page', () => {
    renderWithProviders(
      <FreeLimitDialog {...base} onClose={() => {}} upgradePossible callUrl="wizardParsed" />,
    );
    expect(screen.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe(
      '/pricing?callUrl=wizardParsed&taxYear=2024',
    );
  });

  it('says to contact support when no plan holds the transactions', () => {
    renderWithProviders(
      <FreeLimitDialog {...base} onClose={() => {}} upgradePossible={false} callUrl="settings" />,
    );
    expect(screen.getByText(TOO_MANY_TRANSACTIONS)).toBeTruthy();
    expect(screen.queryByText(FREE_LIMIT_TEXT)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upgrade Now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View My Imports' }).getAttribute('href')).toBe('/wallets');
    expect(screen.getByTestId('free-limit-dialog').getAttribute('data-variant')).toBe('too-many');
  });

  it('renders nothing when closed', () => {
    renderWithProviders(
      <FreeLimitDialog {...base} opened={false} onClose={() => {}} upgradePossible callUrl="settings" />,
    );
    expect(screen.queryByTestId('free-limit-dialog')).toBeNull();
  });
});
