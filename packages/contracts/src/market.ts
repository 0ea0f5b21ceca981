// The sixteen coin pairs of the client contract, quoted against USDT. `apiname` is its coin
// slug; `symbol` is the URL slug of the crypto detail route (`/btc-usdt`), derived from the
// ticker so the web route and the API's market module agree on one list.
export const QUOTE_ASSET = 'usdt';

const PAIRS = [
  ['btc', 'bitcoin'],
  ['eth', 'ethereum'],
  ['doge', 'dogecoin'],
  ['eos', 'eos'],
  ['ltc', 'litecoin'],
  ['bch', 'bitcoin-cash'],
  ['xrp', 'ripple'],
  ['etc', 'ethereum-classic'],
  ['ada', 'cardano'],
  ['fil', 'filecoin'],
  ['trx', 'tron'],
  ['uni', 'uniswap'],
  ['link', 'chainlink'],
  ['sol', 'solana'],
  ['aave', 'aave'],
  ['bsv', 'bsv'],
] as const;

export type MarketPair = {
  /** Lower-case ticker of the base coin, e.g. `btc`. */
  base: string;
  /** Route slug, e.g. `btc-usdt`. */
  symbol: string;
  /** As the app displays it, e.g. `btc/usdt`. */
  displayName: string;
  /** The contract's coin slug, e.g. `bitcoin`. */
  apiname: string;
};

export const MARKET_PAIRS: readonly MarketPair[] = PAIRS.map(([base, apiname]) => ({
  base,
  symbol: `${base}-${QUOTE_ASSET}`,
  displayName: `${base}/${QUOTE_ASSET}`,
  apiname,
}));

export function findMarketPair(symbol: string): MarketPair | undefined {
  const slug = symbol.toLowerCase();
  return MARKET_PAIRS.find((pair) => pair.symbol === slug);
}
