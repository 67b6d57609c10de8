import { DEFAULT_INSTRUMENTS } from '../market/default-instruments';
import { escapeHtml } from './announcement-seeds';
import { type CoinKind, SEED_TEXTS, type SeedBundle } from './seed-texts';

/** What the description of a coin is made of: its name, what it is, and where to read more. */
interface CoinFacts {
  name: string;
  kind: CoinKind;
  website: string;
  explorer: string | null;
}

const FACTS: Readonly<Record<string, CoinFacts>> = {
  BTC: { name: 'Bitcoin', kind: 'layer1', website: 'https://bitcoin.org/', explorer: 'https://mempool.space/' },
  ETH: { name: 'Ethereum', kind: 'layer1', website: 'https://ethereum.org/', explorer: 'https://etherscan.io/' },
  USDT: {
    name: 'Tether',
    kind: 'stablecoin',
    website: 'https://tether.to/',
    explorer: 'https://etherscan.io/token/0xdac17f958d2ee523a2206206994597c13d831ec7',
  },
  BGB: {
    name: 'Bitget Token',
    kind: 'exchange',
    website: 'https://www.bitget.com/',
    explorer: 'https://etherscan.io/',
  },
  BRL: { name: 'Brazilian real', kind: 'fiat', website: 'https://www.bcb.gov.br/', explorer: null },
  SOL: { name: 'Solana', kind: 'layer1', website: 'https://solana.com/', explorer: 'https://explorer.solana.com/' },
  XRP: { name: 'XRP', kind: 'payment', website: 'https://xrpl.org/', explorer: 'https://livenet.xrpl.org/' },
  DOGE: { name: 'Dogecoin', kind: 'meme', website: 'https://dogecoin.com/', explorer: 'https://dogechain.info/' },
  BNB: { name: 'BNB', kind: 'layer1', website: 'https://www.bnbchain.org/', explorer: 'https://bscscan.com/' },
  ADA: { name: 'Cardano', kind: 'layer1', website: 'https://cardano.org/', explorer: 'https://cardanoscan.io/' },
  LTC: { name: 'Litecoin', kind: 'payment', website: 'https://litecoin.org/', explorer: 'https://litecoinspace.org/' },
  LINK: { name: 'Chainlink', kind: 'defi', website: 'https://chain.link/', explorer: 'https://etherscan.io/' },
  AVAX: { name: 'Avalanche', kind: 'layer1', website: 'https://www.avax.network/', explorer: 'https://snowtrace.io/' },
  DOT: { name: 'Polkadot', kind: 'layer1', website: 'https://polkadot.com/', explorer: 'https://polkadot.subscan.io/' },
  TRX: { name: 'TRON', kind: 'layer1', website: 'https://tron.network/', explorer: 'https://tronscan.org/' },
  TON: { name: 'Toncoin', kind: 'layer1', website: 'https://ton.org/', explorer: 'https://tonviewer.com/' },
  SUI: { name: 'Sui', kind: 'layer1', website: 'https://sui.io/', explorer: 'https://suiscan.xyz/' },
  NEAR: { name: 'NEAR Protocol', kind: 'layer1', website: 'https://near.org/', explorer: 'https://nearblocks.io/' },
  APT: {
    name: 'Aptos',
    kind: 'layer1',
    website: 'https://aptosfoundation.org/',
    explorer: 'https://explorer.aptoslabs.com/',
  },
  ARB: { name: 'Arbitrum', kind: 'layer2', website: 'https://arbitrum.io/', explorer: 'https://arbiscan.io/' },
  OP: {
    name: 'Optimism',
    kind: 'layer2',
    website: 'https://www.optimism.io/',
    explorer: 'https://optimistic.etherscan.io/',
  },
  UNI: { name: 'Uniswap', kind: 'defi', website: 'https://uniswap.org/', explorer: 'https://etherscan.io/' },
  BCH: {
    name: 'Bitcoin Cash',
    kind: 'payment',
    website: 'https://bitcoincash.org/',
    explorer: 'https://blockchair.com/bitcoin-cash',
  },
};

/** `GET /v1/public/content/coins/:coin`: a coin's name and its description as HTML in the asked language. */
export interface CoinDescriptionView {
  coin: string;
  name: string;
  locale: string;
  html: string;
}

/** Every coin the simulator lists (base and quote coins of its instruments), in instrument order. */
export function listedCoins(): readonly string[] {
  return [...new Set(DEFAULT_INSTRUMENTS.flatMap((spec) => [spec.baseCoin, spec.quoteCoin]))];
}

/** The description of a listed coin in a language, or null for a coin the simulator does not list. */
export function coinDescription(coin: string, bundle: SeedBundle): CoinDescriptionView | null {
  if (!listedCoins().includes(coin)) return null;
  const facts = FACTS[coin] ?? { name: coin, kind: 'layer1', website: 'https://example.org/', explorer: null };
  const texts = SEED_TEXTS[bundle];
  const intro = texts.coinIntro
    .replace('{name}', facts.name)
    .replace('{coin}', coin)
    .replace('{kind}', texts.kinds[facts.kind]);
  const links = [`<li><a href="${facts.website}" target="_blank">${escapeHtml(texts.website)}</a></li>`];
  if (facts.explorer)
    links.push(`<li><a href="${facts.explorer}" target="_blank">${escapeHtml(texts.explorer)}</a></li>`);
  return {
    coin,
    name: facts.name,
    locale: bundle,
    html: `<h3>${escapeHtml(facts.name)} (${coin})</h3>\n<p>${escapeHtml(intro)}</p>\n<ul>${links.join('')}</ul>`,
  };
}
