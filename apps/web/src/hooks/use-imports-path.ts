import { useEffect } from 'react';
import { importsPath } from '@/lib/access/landing';
import { useUser } from '@/lib/session/session';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** The saved imports path (spec 01 §2, §9): the page last chosen, else the user's default. */
export function useImportsPath(): string {
  const user = useUser();
  const saved = readStorage(STORAGE_KEYS.importsPath);
  return saved === '/imports' || saved === '/wallets' ? saved : importsPath(user);
}

/** Remembers the import page the user chose (/imports or /wallets). */
export function useRememberImportsPath(path: '/imports' | '/wallets'): void {
  useEffect(() => writeStorage(STORAGE_KEYS.importsPath, path), [path]);
}
