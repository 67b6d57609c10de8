import { describe, expect, it } from 'vitest';
describe('node', () => { it('runs', () => { expect(typeof process.version).toBe('string'); }); });
