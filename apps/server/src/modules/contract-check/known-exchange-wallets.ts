/**
 * Hot wallets of exchanges, by Etherscan's public labels: addresses that hold many customers'
 * funds. Someone who pastes one (often from a deposit's "from" field) would import a stranger's
 * stream of transactions as their own wallet. The same address is the same holder on every EVM
 * chain. Lower case.
 */
export const KNOWN_EXCHANGE_WALLETS: Record<string, string> = {
  '0x28c6c06298d514db089934071355e5743bf21d60': 'Binance 14',
  '0x21a31ee1afc51d94c2efccaa2092ad1028285549': 'Binance 15',
  '0xdfd5293d8e347dfe59e90efd55b2956a1343963d': 'Binance 16',
  '0xbe0eb53f46cd790cd13851d5eff43d12404d33e8': 'Binance 7',
  '0xf977814e90da44bfa03b6295a0616a897441acec': 'Binance 8',
  '0x71660c4005ba85c37ccec55d0c4493e66fe775d3': 'Coinbase 1',
  '0x503828976d22510aad0201ac7ec88293211d23da': 'Coinbase 2',
  '0xddfabcdc4d8ffc6d5beaf154f18b778f892a0740': 'Coinbase 3',
  '0x3cd751e6b0078be393132286c442345e5dc49699': 'Coinbase 4',
  '0xb5d85cbf7cb3ee0d56b3bb207d5fc4b82f43f511': 'Coinbase 5',
  '0xeb2629a2734e272bcc07bda959863f316f4bd4cf': 'Coinbase 6',
  '0x2910543af39aba0cd09dbb2d50200b3e800a63d2': 'Kraken',
  '0x267be1c1d684f78cb4f6a176c4911b741e4ffdc0': 'Kraken 4',
  '0xd24400ae8bfebb18ca49be86258a3c749cf46853': 'Gemini 1',
  '0x6fc82a5fe25a5cdb58bc74600a40a69c065263f8': 'Gemini 2',
  '0x6262998ced04146fa42253a5c0af90ca02dfd2a3': 'Crypto.com 1',
  '0x46340b20830761efd32832a74d7169b29feb9758': 'Crypto.com 2',
  '0x6cc5f688a315f3dc28a7781717a9a798a59fda7b': 'OKX',
};
