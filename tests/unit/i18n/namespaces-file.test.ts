import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findNamespaces, NAMESPACES_FILE, namespacesModule, writeNamespaces } from '../../../src/i18n/messages-plugin';

const ROOT = new URL('../../../', import.meta.url).pathname;

describe('the text namespaces', () => {
  it('are written as the messages/ folders under src/ hold them (npm run build rewrites the file)', () => {
    expect(readFileSync(join(ROOT, NAMESPACES_FILE), 'utf8')).toBe(namespacesModule(findNamespaces(ROOT)));
  });

  it('are named after the folder that holds their messages, core first', () => {
    const found = findNamespaces(ROOT);
    expect(found[0]).toEqual({ namespace: 'core', dir: 'src/i18n/messages' });
    expect(found).toContainEqual({ namespace: 'protection-fund', dir: 'src/protection-fund/messages' });
    expect(found).toContainEqual({ namespace: 'sub-accounts', dir: 'src/account/sub-accounts/messages' });
  });

  describe('in a tree of their own', () => {
    let root = '';
    const area = (dir: string, files: readonly string[] = ['en.json']) => {
      mkdirSync(join(root, dir, 'messages'), { recursive: true });
      for (const file of files) writeFileSync(join(root, dir, 'messages', file), '{}');
    };
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('a new area folder with messages/en.json is a new namespace, and the file follows once', () => {
      root = mkdtempSync(join(tmpdir(), 'namespaces-'));
      area('src/i18n');
      area('src/earn');
      area('src/earn/savings');
      area('src/drafts', ['ja.json']);
      const found = findNamespaces(root);
      expect(found.map((entry) => entry.namespace)).toEqual(['core', 'earn', 'savings']);
      expect(writeNamespaces(root, found)).toBe(true);
      expect(writeNamespaces(root, found)).toBe(false);
      const text = readFileSync(join(root, NAMESPACES_FILE), 'utf8');
      expect(text).toContain("import type En2 from '../earn/savings/messages/en.json';");
      expect(text).toContain("  savings: 'src/earn/savings/messages',");
    });

    it('two areas of one name are refused, naming both', () => {
      root = mkdtempSync(join(tmpdir(), 'namespaces-'));
      area('src/i18n');
      area('src/earn');
      area('src/account/earn');
      expect(() => findNamespaces(root)).toThrow(/src\/account\/earn\/messages and src\/earn\/messages/);
    });
  });
});
