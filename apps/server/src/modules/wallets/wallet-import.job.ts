import type { AppContext } from '../../http/context.ts';
import type { JobHandler, JobIO } from '../../jobs/job-queue.ts';
import type { ImportHistory } from '../imports/import-history.service.ts';
import { chainName } from './add-wallet.ts';
import { importFetched } from './import-fetched.ts';
import { fetchBlockbookHistory, isBlockbookCoin } from './sources/blockbook-api.ts';
import { fetchBtcHistory } from './sources/esplora-api.ts';
import { EVM_CHAINS, fetchEvmHistory, isEvmChain } from './sources/etherscan-api.ts';
import { fetchSolanaHistory } from './sources/solana-rpc.ts';
import { SourceError } from './sources/source-error.ts';
import type { WalletConnectionsRepo } from './wallet-connections.repo.ts';

/**
 * A wallet address's import or resync (issue 18): its history from the chain's explorer,
 * from the last synced block on, kept as the explorer's own CSV exports and imported with the
 * Etherscan importers (the address decides direction; rows already stored are recognised).
 */
export function walletImportJob(
  ctx: AppContext,
  repo: ImportHistory,
  wallets: WalletConnectionsRepo,
  importFile: JobHandler,
) {
  /** Bitcoin: the whole wallet again (derived addresses can gain history anywhere); stored rows are recognised. */
  const importBitcoin = async (io: JobIO, historyId: number, key: string) => {
    let fetched: Awaited<ReturnType<typeof fetchBtcHistory>>;
    try {
      fetched = await fetchBtcHistory({
        key,
        baseURL: ctx.config.esploraBaseUrl,
        onProgress: (message) => io.progress(10, message),
      });
    } catch (error) {
      await repo.setHistoryStatus(historyId, 'failed', false);
      throw error;
    }
    if (fetched.transactions === 0) {
      await repo.setHistoryStatus(historyId, 'complete', true);
      return { addresses: fetched.addresses.length, transactions: 0 };
    }
    const imported = await importFetched(ctx, repo, importFile, io, {
      historyId,
      csv: fetched.csv,
      format: 'electrum-history',
      fileName: `Bitcoin wallet ${new Date().toISOString().slice(0, 10)}.csv`,
      from: 30,
      to: 100,
    });
    return { addresses: fetched.addresses.length, transactions: fetched.transactions, import: imported };
  };

  /** A fetch rendered as one export file, imported (or nothing to import), then the cursor kept. */
  const importOne = async (
    io: JobIO,
    historyId: number,
    fetch: () => Promise<{ csv: string; rows: number; cursor: number | null; format: string; name: string }>,
    walletId: number,
  ) => {
    let fetched: Awaited<ReturnType<typeof fetch>>;
    try {
      fetched = await fetch();
    } catch (error) {
      await repo.setHistoryStatus(historyId, 'failed', false);
      throw error;
    }
    const imported =
      fetched.rows === 0
        ? null
        : await importFetched(ctx, repo, importFile, io, {
            historyId,
            csv: fetched.csv,
            format: fetched.format,
            fileName: `${fetched.name} ${new Date().toISOString().slice(0, 10)}.csv`,
            from: 30,
            to: 100,
          });
    if (fetched.rows === 0) await repo.setHistoryStatus(historyId, 'complete', true);
    if (fetched.cursor !== null) await wallets.setSyncedBlock(walletId, fetched.cursor);
    return { rows: fetched.rows, import: imported };
  };

  return async (io: JobIO) => {
    const { job, progress } = io;
    const { historyId } = io.payload as { historyId: number };
    const history = await repo.findHistory(job.user_id, historyId);
    const wallet = await wallets.find(job.user_id, historyId);
    if (!history || !wallet) throw new Error(`Wallet ${historyId} not found`);
    await repo.setHistoryStatus(history.id, 'in-progress', false);
    if (wallet.chain === 'btc') return importBitcoin(io, history.id, wallet.address);
    const since = wallet.synced_block === null ? undefined : Number(wallet.synced_block);
    const name = chainName(wallet.chain);
    const coin = wallet.chain;
    if (isBlockbookCoin(coin)) {
      return importOne(
        io,
        history.id,
        async () => {
          const got = await fetchBlockbookHistory({
            coin,
            key: wallet.address,
            baseURL: ctx.config.blockbookUrls[coin],
            fromBlock: since === undefined ? undefined : since + 1,
            onPage: (n, page, pages) => progress(10, `Fetched ${n} transactions (page ${page} of ${pages})`),
          });
          const rows = got.transactions;
          return {
            ...got,
            rows,
            cursor: got.latestBlock,
            format: 'trezorsuite-transactions',
            name: `${name} wallet`,
          };
        },
        wallet.id,
      );
    }
    if (coin === 'sol') {
      return importOne(
        io,
        history.id,
        async () => {
          const got = await fetchSolanaHistory({
            address: wallet.address,
            rpcURL: ctx.config.solanaRpcUrl,
            afterSlot: since,
            onProgress: (message) => progress(10, message),
          });
          return { ...got, cursor: got.latestSlot, format: 'solscan-transfers', name: 'Solana wallet' };
        },
        wallet.id,
      );
    }
    if (!isEvmChain(wallet.chain)) throw new Error(`Wallet ${historyId} is on an unsupported chain`);
    let fetched: Awaited<ReturnType<typeof fetchEvmHistory>>;
    try {
      fetched = await fetchEvmHistory({
        chain: wallet.chain,
        address: wallet.address,
        apiKey: ctx.config.etherscanApiKey,
        baseURL: ctx.config.etherscanBaseUrl,
        startBlock: wallet.synced_block === null ? undefined : Number(wallet.synced_block),
        onPage: (what, n) =>
          progress(10, `Fetched ${n} ${what === 'tokentx' ? 'token transfers' : 'transactions'}`),
      });
    } catch (error) {
      await repo.setHistoryStatus(history.id, 'failed', false);
      if (error instanceof SourceError)
        throw new SourceError(EVM_CHAINS[wallet.chain].label, error.kind, error.detail);
      throw error;
    }
    const files = fetched.files.filter((f) => f.rows > 0);
    const results: unknown[] = [];
    for (const [i, f] of files.entries()) {
      results.push(
        await importFetched(ctx, repo, importFile, io, {
          historyId: history.id,
          csv: f.csv,
          format: f.format,
          fileName: `${EVM_CHAINS[wallet.chain].label} ${f.format.replace('etherscan-', '')} ${new Date().toISOString().slice(0, 10)}.csv`,
          from: 20 + (80 * i) / files.length,
          to: 20 + (80 * (i + 1)) / files.length,
        }),
      );
    }
    if (files.length === 0) await repo.setHistoryStatus(history.id, 'complete', true);
    if (fetched.latestBlock !== null) await wallets.setSyncedBlock(wallet.id, fetched.latestBlock);
    return { rows: fetched.files.map((f) => ({ format: f.format, rows: f.rows })), imports: results };
  };
}
