import type { AnnouncementText } from '../announcement-text';

/** The seeded announcements in English, the source of every translation, newest first. */
export const en: readonly AnnouncementText[] = [
  {
    title: 'New listing: SUI/USDT spot trading',
    lead: 'SUI, the native token of the Sui blockchain, joins our spot market. Trading of the SUI/USDT pair opens on {opens}.',
    sections: [
      {
        heading: 'Details',
        facts: [
          ['Trading pair', 'SUI/USDT'],
          ['Market', 'Spot'],
          ['Trading opens', '{opens}'],
        ],
      },
      {
        heading: 'Good to know',
        points: [
          'Limit and market orders are available as soon as trading opens.',
          'SUI deposits and withdrawals are not available yet; we will announce them separately.',
          'The price of a newly listed coin can move sharply. Consider limit orders, and trade only what you can afford to lose.',
        ],
      },
    ],
    action: 'Trade SUI/USDT',
  },
  {
    title: 'Scheduled maintenance: ETH deposits and withdrawals',
    lead: 'We will upgrade our Ethereum wallet from {start} to {end}. During this time, ETH deposits and withdrawals are paused.',
    sections: [
      {
        heading: 'Schedule',
        facts: [
          ['Affected', 'ETH deposits and withdrawals (ERC20)'],
          ['Starts', '{start}'],
          ['Ends', '{end}'],
        ],
      },
      {
        heading: 'Good to know',
        points: [
          'Trading ETH on the spot and futures markets is not affected.',
          'A deposit sent during the maintenance is credited once it ends; there is no need to send it again.',
          'If the work finishes early, deposits and withdrawals reopen without a further announcement.',
        ],
      },
    ],
    action: 'Go to deposits',
  },
  {
    title: 'Spot trading competition on USDT pairs',
    lead: 'From {start} to {end}, trade any spot pair quoted in USDT to compete for a share of a {pool} USDT prize pool.',
    sections: [
      {
        heading: 'Details',
        facts: [
          ['Starts', '{start}'],
          ['Ends', '{end}'],
          ['Prize pool', '{pool} USDT'],
          ['Minimum volume to qualify', '{minVolume} USDT'],
        ],
      },
      {
        heading: 'Rules',
        points: [
          'Participants are ranked by their spot trading volume on USDT pairs during the competition. The top {winners} share the prize pool in proportion to their volume.',
          'The volume of a sub-account counts toward its main account. Trades in simulation mode do not count.',
          'Rewards are credited to the winners’ spot accounts within 7 days after the competition ends. Accounts found wash trading are excluded.',
        ],
      },
    ],
    action: 'Start trading',
  },
  {
    title: 'Proof of reserves: check that your balance is counted',
    lead: 'Our proof of reserves page shows, coin by coin, what we hold against what we owe our users, and lets you verify that your own balances are included.',
    sections: [
      {
        heading: 'How to verify your balances',
        steps: [
          'Sign in and open the proof of reserves page.',
          'Choose “Download and verify my proof”. Your proof is saved as a file and checked in your browser, step by step.',
          'If the hashes from your balances lead up to the published root, your balances are counted in the liabilities.',
        ],
      },
      {
        heading: 'Good to know',
        points: [
          'Your proof is keyed by a private nonce that only you receive, so it shows your balances and nothing about anyone else.',
          'You can also check a proof file offline, without our page, with the command shown there.',
          'Simulated balances are owed to nobody and are not part of the reserves.',
        ],
      },
    ],
    action: 'Open proof of reserves',
  },
  {
    title: 'New listing: TONUSDT perpetual contract',
    lead: 'The TONUSDT USDT-M perpetual contract opens for trading on {opens}, with leverage of up to {leverage}x.',
    sections: [
      {
        heading: 'Contract details',
        facts: [
          ['Contract', 'TONUSDT perpetual'],
          ['Margin and settlement', 'USDT'],
          ['Maximum leverage', '{leverage}x'],
          ['Funding interval', 'Every {funding} hours'],
          ['Trading opens', '{opens}'],
        ],
      },
      {
        heading: 'Good to know',
        points: [
          'Isolated and cross margin are both available, in one-way and in hedge mode.',
          'Leverage multiplies losses as well as gains, and a position whose margin runs out is liquidated. Trade only what you can afford to lose.',
        ],
      },
    ],
    action: 'Trade TONUSDT',
  },
  {
    title: 'Scheduled system upgrade: spot and futures trading',
    lead: 'We will upgrade our trading system from {start} to {end}. During this time, orders on the spot and futures markets cannot be placed or cancelled.',
    sections: [
      {
        heading: 'Schedule',
        facts: [
          ['Affected', 'Placing and cancelling spot and futures orders'],
          ['Starts', '{start}'],
          ['Ends', '{end}'],
        ],
      },
      {
        heading: 'Good to know',
        points: [
          'Open orders stay in the order book, and open positions stay open.',
          'Deposits, withdrawals and transfers between your accounts continue as usual.',
          'Please make sure your futures positions have enough margin before the upgrade starts.',
        ],
      },
    ],
    action: 'Check your futures account',
  },
  {
    title: 'Practise risk-free with simulation trading',
    lead: 'Simulation trading lets you try spot and futures trading with {demo} USDT in demo funds, at market prices and without touching your real balance.',
    sections: [
      {
        heading: 'How to start',
        steps: [
          'Sign in and open any spot or futures trading screen.',
          'Choose “Try simulation trading”.',
          'Trade as usual: a banner reminds you that orders use demo funds. Choose “Leave simulation” to go back to your account.',
        ],
      },
      {
        heading: 'Good to know',
        points: [
          'Your demo account keeps its own balances, orders, positions and VIP level, apart from your real account.',
          'Demo funds cannot be withdrawn or moved to your real account.',
        ],
      },
    ],
    action: 'Open the futures trading screen',
  },
  {
    title: 'Updated VIP fee schedule for spot and futures',
    lead: 'From {effective}, one VIP level sets your fees in both markets: the higher of the levels your {days}-day spot volume and your {days}-day futures volume reach.',
    sections: [
      { heading: 'Fees by VIP level', feeColumns: ['Level', 'Spot maker / taker', 'Futures maker / taker'] },
      {
        heading: 'Good to know',
        points: [
          'Every fill counts toward your volume at once, and stops counting when it is more than {days} days old.',
          'Sub-accounts trade at their main account’s level, and their volume counts toward it.',
          'Makers add liquidity with orders that rest in the order book; takers fill at once against it.',
        ],
      },
    ],
    action: 'See the fee schedule and your level',
  },
  {
    title: 'New listings: ARB/USDT and OP/USDT spot trading',
    lead: 'Arbitrum (ARB) and Optimism (OP), two layer-2 networks built on Ethereum, join our spot market. Both pairs open for trading on {opens}.',
    sections: [
      {
        heading: 'Details',
        facts: [
          ['Trading pairs', 'ARB/USDT, OP/USDT'],
          ['Market', 'Spot'],
          ['Trading opens', '{opens}'],
        ],
      },
      {
        heading: 'Good to know',
        points: [
          'ARB and OP deposits and withdrawals are not available yet; we will announce them separately.',
          'The price of a newly listed coin can move sharply. Consider limit orders, and trade only what you can afford to lose.',
        ],
      },
    ],
    action: 'Trade ARB/USDT',
  },
  {
    title: 'Tron network upgrade: USDT (TRC20) deposits and withdrawals paused',
    lead: 'To support an upgrade of the Tron network, we will pause USDT deposits and withdrawals on TRC20 from {start} to {end}.',
    sections: [
      {
        heading: 'Schedule',
        facts: [
          ['Affected', 'USDT deposits and withdrawals (TRC20)'],
          ['Starts', '{start}'],
          ['Ends', '{end}'],
        ],
      },
      {
        heading: 'Good to know',
        points: [
          'USDT on the Ethereum (ERC20) network can be deposited and withdrawn as usual.',
          'Trading is not affected.',
          'A deposit sent over TRC20 during the pause is credited once the upgrade ends.',
        ],
      },
    ],
    action: 'Go to withdrawals',
  },
  {
    title: 'Protection fund: balance, history and payouts now public',
    lead: 'The protection fund covers futures losses that a liquidated account cannot cover itself. Its page shows the fund’s balance, how it has changed and every payout.',
    sections: [
      {
        heading: 'What the page shows',
        points: [
          'The fund’s current balance in USDT and when it was last updated.',
          'A chart of the balance over time.',
          'Each payout with its time, market, side, size and amount; accounts appear only as a masked reference.',
        ],
      },
      {
        heading: 'What the fund does not cover',
        points: [
          'Your own margin: a liquidated position still loses its margin.',
          'Losses on positions that are not liquidated, spot trading, trading fees and funding payments.',
        ],
      },
    ],
    action: 'View the protection fund',
  },
  {
    title: 'Security reminder: how to recognise phishing',
    lead: 'Scammers copy our emails, text messages and web pages to steal passwords and verification codes. A few habits keep your account safe.',
    sections: [
      {
        heading: 'Protect your account',
        points: [
          'Set an anti-phishing code in your account settings. Every email and text message we send you shows it; a message without it is not from us.',
          'Never share your password, verification codes or API secret keys with anyone, including people who say they work for us.',
          'Check the address bar before you sign in, and open our site from a bookmark rather than from a link in a message.',
          'Add a security key, so that a stolen password alone cannot open your account.',
        ],
      },
    ],
    action: 'Set your anti-phishing code',
  },
];
