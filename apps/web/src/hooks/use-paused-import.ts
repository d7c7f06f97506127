import { useImportLimit } from '../lib/api/billing/import-limit';

/** Whether the free import limit paused this import file (false while unknown). */
export function usePausedImportFile(fileId: number | null): boolean {
  const limit = useImportLimit(fileId !== null);
  return fileId !== null && (limit.data?.paused.some((p) => p.import_file_id === fileId) ?? false);
}
