import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Storage kept in a Map, as the browser's behaves for these calls. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** A Storage that refuses everything, as a private mode or a full quota does. */
function refusingStorage(): Storage {
  const refuse = () => {
    throw new DOMException('refused', 'QuotaExceededError');
  };
  return { length: 0, key: refuse, getItem: refuse, setItem: refuse, removeItem: refuse, clear: refuse };
}

// The module keeps which names it warned about: each test starts from a fresh copy.
async function loadStorage() {
  vi.resetModules();
  return import('../../../src/platform/storage');
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  warn.mockRestore();
});

describe('storageOfType', () => {
  it('keeps values in the storage named, without a warning', async () => {
    const { storageOfType } = await loadStorage();
    expect(storageOfType('session').set('a', '1')).toBe(true);
    storageOfType('local').set('b', '2');
    expect(sessionStorage.getItem('a')).toBe('1');
    expect(localStorage.getItem('b')).toBe('2');
    expect(localStorage.getItem('a')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns about an unsupported type once, naming it, and falls back to local storage', async () => {
    const { storageOfType } = await loadStorage();
    const storage = storageOfType('cookie');
    expect(storage.set('theme', 'dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(storageOfType('cookie').get('theme')).toBe('dark');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('"cookie"');
    storageOfType('indexedDB');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[1]?.[0]).toContain('"indexedDB"');
  });

  it('never throws where the browser refuses its storage or has none', async () => {
    vi.stubGlobal('localStorage', refusingStorage());
    vi.stubGlobal('sessionStorage', undefined);
    const { storageOfType } = await loadStorage();
    for (const type of ['local', 'session', 'nowhere']) {
      const storage = storageOfType(type);
      expect(storage.set('k', 'v'), type).toBe(false);
      expect(storage.get('k'), type).toBeNull();
      expect(() => storage.remove('k'), type).not.toThrow();
    }
  });
});
