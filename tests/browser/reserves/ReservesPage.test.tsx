import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { RequestError } from '../../../src/api/request';
import { type ReservesServices, readSummary } from '../../../src/reserves/reserves-api';
import { ReservesView } from '../../../src/reserves/ReservesPage';
import { verifyInWorker } from '../../../src/reserves/use-reserves';
import { authState } from '../../../src/session/auth-state';
import '../ui/helpers';
import { renderAtPath } from '../ui/router';
import { BUILT_AT, buildTree } from './proof-fixtures';

const tree = await buildTree();

function summaryReply(overrides: Record<string, unknown> = {}) {
  return {
    builtAt: BUILT_AT,
    root: tree.root,
    leafCount: 5,
    coins: [
      { coin: 'BTC', reserves: '12.5', liabilities: '10.25', ratio: '121.95' },
      { coin: 'USDT', reserves: '900000', liabilities: '1000000', ratio: '90.00' },
    ],
    history: [
      { builtAt: BUILT_AT, root: tree.root, leafCount: 5 },
      { builtAt: BUILT_AT - 600_000, root: 'b'.repeat(64), leafCount: 4 },
    ],
    ...overrides,
  };
}

function services(overrides: Partial<ReservesServices> = {}): ReservesServices {
  return {
    fetchSummary: async () => readSummary(summaryReply()),
    fetchProof: async () => tree.proofOf(2),
    ...overrides,
  };
}

/** The view under a memory router (its sign-in link needs one), with the real reserves worker. */
function renderPage(value: ReservesServices) {
  return renderAtPath('/', () => <ReservesView services={value} verify={verifyInWorker} />);
}

const fileInput = () => page.getByLabelText('Choose a proof file (.json)');
const proofFile = (value: unknown) =>
  new File([typeof value === 'string' ? value : JSON.stringify(value)], 'reserves-proof.json', {
    type: 'application/json',
  });

beforeEach(() => {
  authState.status = 'anonymous';
  sessionStorage.removeItem('reserves.summary');
});
afterEach(() => {
  authState.status = 'anonymous';
});

describe('ReservesView summary', () => {
  it('shows the latest root, its time and account count, and a ratio per coin (≥ 100 % in the up colour)', async () => {
    await renderPage(services());
    const header = page.getByTestId('reserves-root');
    await expect.element(header).toHaveTextContent(tree.root);
    await expect
      .element(header)
      .toHaveTextContent(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(BUILT_AT));
    await expect.element(header).toHaveTextContent('5');
    const btc = page.getByTestId('reserves-coins').element().querySelector('tr[data-coin="BTC"]') as HTMLElement;
    const usdt = page.getByTestId('reserves-coins').element().querySelector('tr[data-coin="USDT"]') as HTMLElement;
    expect(btc.textContent).toContain('121.95%');
    expect(btc.textContent).toContain('10.25');
    expect(usdt.textContent).toContain('90.00%');
    expect(usdt.textContent).toContain('1,000,000');
    const up = getComputedStyle(document.documentElement).getPropertyValue('--color-up').trim();
    const colour = (row: HTMLElement) => getComputedStyle(row.querySelector('[data-backed]') as Element).color;
    const probe = document.createElement('span');
    probe.style.color = up;
    document.body.append(probe);
    expect(colour(btc)).toBe(getComputedStyle(probe).color);
    expect(colour(usdt)).not.toBe(getComputedStyle(probe).color);
    probe.remove();
    // The gateway's history starts with the latest build, which the header shows: only the one before is "earlier".
    await expect.element(page.getByTestId('reserves-history').getByRole('listitem')).toHaveLength(1);
    await expect.element(page.getByTestId('reserves-history')).toHaveTextContent('b'.repeat(64));
    // The command line is for those who verify it themselves: folded until asked for.
    const command = page.getByText('node scripts/verify-reserves-proof.mjs <file>');
    await expect.element(command).not.toBeVisible();
    await userEvent.click(page.getByText('You can also check a proof offline, without this page:'));
    await expect.element(command).toBeVisible();
  });

  it('shows loading until the summary arrives', async () => {
    await renderPage(services({ fetchSummary: () => new Promise(() => undefined) }));
    await expect.element(page.getByRole('status').first()).toHaveAttribute('data-state', 'loading');
  });

  it('says no report is published yet before the first build, and no earlier roots', async () => {
    await renderPage(
      services({
        fetchSummary: async () =>
          readSummary(summaryReply({ builtAt: null, root: null, leafCount: 0, coins: [], history: [] })),
      }),
    );
    await expect.element(page.getByText('No reserves report has been published yet.', { exact: false })).toBeVisible();
    const view = await renderPage(services({ fetchSummary: async () => readSummary(summaryReply({ history: [] })) }));
    await expect.element(view.getByText('No earlier roots yet.')).toBeVisible();
    // After the first build the history holds that build alone: still none earlier.
    const first = { history: [{ builtAt: BUILT_AT, root: tree.root, leafCount: 5 }] };
    await renderPage(services({ fetchSummary: async () => readSummary(summaryReply(first)) }));
    // Both pages rendered so far say so.
    await expect.poll(() => page.getByText('No earlier roots yet.').elements().length).toBe(2);
  });

  it('shows a failure with a retry that reads the summary again', async () => {
    let calls = 0;
    await renderPage(
      services({
        fetchSummary: async () => {
          calls += 1;
          if (calls === 1) throw new RequestError('http', 'busy', { status: 500, shown: false });
          return readSummary(summaryReply());
        },
      }),
    );
    await expect.element(page.getByText('The reserves could not be loaded.')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Retry' }));
    await expect.element(page.getByTestId('reserves-root')).toHaveTextContent(tree.root);
  });

  it('refuses a hostile summary reply with a clear error and shows none of it', async () => {
    const hostile = [
      summaryReply({ root: '<img src=x onerror=alert(1)>' }),
      summaryReply({ coins: [{ coin: 'BTC', reserves: '1e9', liabilities: '1', ratio: '100' }] }),
      summaryReply({ coins: [{ coin: '<b>X</b>', reserves: '1', liabilities: '1', ratio: '100' }] }),
      summaryReply({ coins: [{ coin: 'BTC', reserves: 5, liabilities: '1', ratio: '100' }] }),
      summaryReply({ history: 'all' }),
      summaryReply({ builtAt: -1 }),
    ];
    for (const reply of hostile) expect(() => readSummary(reply)).toThrow(/malformed/);
    await renderPage(services({ fetchSummary: async () => readSummary(hostile[0]) }));
    await expect
      .element(page.getByText('The server sent reserves figures that are not valid', { exact: false }))
      .toBeVisible();
    expect(document.body.querySelector('img')).toBeNull();
    expect(document.body.textContent).not.toContain('onerror');
  });

  it('offline, shows the kept summary with the time it was received', async () => {
    const receivedAt = BUILT_AT + 60_000;
    sessionStorage.setItem('reserves.summary', JSON.stringify({ receivedAt, summary: readSummary(summaryReply()) }));
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await renderPage(
        services({
          fetchSummary: async () => {
            throw new RequestError('network', 'offline', { shown: false });
          },
        }),
      );
      await expect
        .element(page.getByText('You are offline. These figures were received at', { exact: false }))
        .toBeVisible();
      await expect.element(page.getByTestId('reserves-root')).toHaveTextContent(tree.root);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
  });

  it('fits 375 px without sideways scrolling, long hashes wrapping', async () => {
    await page.viewport(375, 800);
    await renderPage(services());
    await expect.element(page.getByTestId('reserves-root')).toBeVisible();
    await userEvent.upload(fileInput(), proofFile(tree.proofOf(1)));
    await expect.element(page.getByTestId('reserves-verdict')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth + 1);
  });
});

describe('ReservesView proof checks', () => {
  it('verifies a proof file step by step against the published root, with its balances', async () => {
    await renderPage(services());
    await userEvent.upload(fileInput(), proofFile(tree.proofOf(0)));
    await expect.element(page.getByTestId('reserves-verdict')).toHaveAttribute('data-verdict', 'verified');
    const steps = page.getByTestId('reserves-steps').element().querySelectorAll('li');
    expect([...steps].map((step) => step.dataset.step)).toEqual([
      'account',
      'leaf',
      ...tree.proofOf(0).path.map(() => 'node'),
      'root',
    ]);
    expect(steps[steps.length - 1].dataset.matches).toBe('true');
    await expect.element(page.getByTestId('reserves-balances')).toHaveTextContent('1,250.5');
  });

  it('says a tampered file is not verified, the root step marked ✗', async () => {
    await renderPage(services());
    await userEvent.upload(fileInput(), proofFile({ ...tree.proofOf(0), balances: [['USDT', '9999']] }));
    await expect.element(page.getByTestId('reserves-verdict')).toHaveAttribute('data-verdict', 'failed');
    await expect.element(page.getByText('✗', { exact: false })).toBeVisible();
  });

  it('names the problem of a malformed file or a wrong version', async () => {
    await renderPage(services());
    await userEvent.upload(fileInput(), proofFile('not json at all'));
    await expect.element(page.getByTestId('reserves-read-error')).toHaveTextContent('it is not a JSON object');
    await userEvent.upload(fileInput(), proofFile({ ...tree.proofOf(0), version: 7 }));
    await expect.element(page.getByTestId('reserves-read-error')).toHaveTextContent('version 1 expected');
    await userEvent.upload(fileInput(), proofFile({ ...tree.proofOf(0), nonce: 'nope' }));
    await expect.element(page.getByTestId('reserves-read-error')).toHaveTextContent('"nonce"');
  });

  it('says an older tree’s proof holds against its own root but the latest root differs', async () => {
    const latest = await buildTree(undefined, BUILT_AT + 3_600_000);
    const newer = { ...summaryReply(), root: 'c'.repeat(64), builtAt: BUILT_AT + 3_600_000 };
    expect(latest.root).toBe(tree.root);
    await renderPage(services({ fetchSummary: async () => readSummary(newer) }));
    await expect.element(page.getByTestId('reserves-root')).toHaveTextContent('c'.repeat(64));
    await userEvent.upload(fileInput(), proofFile(tree.proofOf(3)));
    await expect.element(page.getByTestId('reserves-verdict')).toHaveAttribute('data-verdict', 'older');
    await expect
      .element(page.getByTestId('reserves-verdict'))
      .toHaveTextContent('The latest published root is different');
  });

  it('signed out, offers a sign-in link for one’s own proof', async () => {
    await renderPage(services());
    await expect.element(page.getByTestId('reserves-signed-out').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Download and verify my proof' })).not.toBeInTheDocument();
  });

  it('signed in, downloads the proof as reserves-proof-<date>.json through a blob URL and verifies it', async () => {
    authState.status = 'signedIn';
    const saved: { name: string; href: string; text: string }[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download) {
        const href = this.href;
        void fetch(href)
          .then((reply) => reply.text())
          .then((text) => saved.push({ name: this.download, href, text }));
        return;
      }
      click.call(this);
    };
    try {
      await renderPage(services());
      await userEvent.click(page.getByRole('button', { name: 'Download and verify my proof' }));
      await expect.element(page.getByTestId('reserves-verdict')).toHaveAttribute('data-verdict', 'verified');
      await expect.poll(() => saved.length).toBe(1);
      expect(saved[0].name).toBe('reserves-proof-2026-11-26.json');
      expect(saved[0].href.startsWith('blob:')).toBe(true);
      expect(JSON.parse(saved[0].text)).toEqual(tree.proofOf(2));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('signed in but not in the latest tree, says so', async () => {
    authState.status = 'signedIn';
    await renderPage(
      services({
        fetchProof: async () => {
          throw new RequestError('http', 'not found', { status: 404, shown: false });
        },
      }),
    );
    await userEvent.click(page.getByRole('button', { name: 'Download and verify my proof' }));
    await expect
      .element(page.getByTestId('reserves-own-error'))
      .toHaveTextContent('Your account is not in the latest tree');
  });

  it('tells a tree still being built and a plain failure apart by the gateway’s HTTP status', async () => {
    authState.status = 'signedIn';
    const failures = [
      new RequestError('http', 'busy', { status: 503, shown: false }),
      new RequestError('http', 'broken', { status: 500, shown: false }),
    ];
    await renderPage(
      services({
        fetchProof: async () => {
          throw failures.shift();
        },
      }),
    );
    const action = page.getByRole('button', { name: 'Download and verify my proof' });
    await userEvent.click(action);
    await expect
      .element(page.getByTestId('reserves-own-error'))
      .toHaveTextContent('The first tree is still being built');
    await userEvent.click(action);
    await expect
      .element(page.getByTestId('reserves-own-error'))
      .toHaveTextContent('Your proof could not be downloaded.');
  });

  it('signed in, a proof of a tree newer than the page shows reads the summary again and verifies on its root', async () => {
    authState.status = 'signedIn';
    const replies = [summaryReply({ builtAt: BUILT_AT - 600_000, root: 'b'.repeat(64), history: [] }), summaryReply()];
    await renderPage(services({ fetchSummary: async () => readSummary(replies.shift() ?? summaryReply()) }));
    await expect.element(page.getByTestId('reserves-root')).toHaveTextContent('b'.repeat(64));
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (!this.download) click.call(this);
    };
    try {
      await userEvent.click(page.getByRole('button', { name: 'Download and verify my proof' }));
      await expect.element(page.getByTestId('reserves-verdict')).toHaveAttribute('data-verdict', 'verified');
      await expect.element(page.getByTestId('reserves-root')).toHaveTextContent(tree.root);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('every control is reachable with the keyboard', async () => {
    authState.status = 'signedIn';
    await renderPage(services());
    await expect.element(page.getByTestId('reserves-root')).toBeVisible();
    const reached = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      await userEvent.keyboard('{Tab}');
      const active = document.activeElement as HTMLElement | null;
      if (active) reached.add(active.getAttribute('aria-label') ?? active.textContent?.trim() ?? active.tagName);
      if (active instanceof HTMLInputElement && active.type === 'file') reached.add('file');
    }
    expect(reached).toContain('Copy the root');
    expect(reached).toContain('Download and verify my proof');
    expect(reached).toContain('file');
  });
});
