// Where the system Chromium lives and how every tool here launches it (DEVELOPERS.md).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Installs Debian's Chromium with apt-get when it is missing; never downloads a browser of its own. */
export function ensureChromium(log = console.log) {
  if (existsSync(CHROMIUM_PATH)) return;
  log(`Chromium not found at ${CHROMIUM_PATH}; installing Debian's package with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing`);
}

/**
 * The bench loads Japanese pages: a visitor reading Japanese has a font for it, so the bench machine gets one
 * too (Debian's Noto CJK). Without it every Japanese character is a missing glyph whose fallback search runs
 * again for each character and each new font size, a cost no real visitor pays. Best effort: without apt the
 * bench still runs, and says so.
 */
export function ensureCjkFonts(log = console.log) {
  const hasJapanese = () => {
    try {
      return execFileSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' }).trim() !== '';
    } catch {
      return false;
    }
  };
  if (hasJapanese()) return true;
  log("No Japanese font found; installing Debian's fonts-noto-cjk with apt-get…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'fonts-noto-cjk'], { stdio: 'inherit', env });
  } catch {
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', 'fonts-noto-cjk'], { stdio: 'inherit', env });
    } catch {
      // Reported below.
    }
  }
  const ok = hasJapanese();
  if (!ok) log('warning: still no Japanese font; Japanese pages are measured with missing glyphs.');
  return ok;
}
