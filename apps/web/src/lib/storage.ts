/** Local-storage keys of spec 01 §9 in one place. */
export const STORAGE_KEYS = {
  importsPath: 'imports_path',
  currentStep: 'current_step',
  resyncReminder: 'resync_reminder',
  maskRedirect: 'mask_redirect',
  safeHarborDismissed: 'safe_harbor_dismissed',
  taxYear: 'tax_year',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage may be full or disabled; the feature then works for this page view only
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // ignore
  }
}
