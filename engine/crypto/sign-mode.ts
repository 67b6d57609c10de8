/** One part of a signed text chosen by a mode (signing contract §4). */
export type SignItem =
  | { kind: 'path' }
  | { kind: 'time' }
  | { kind: 'traceId' }
  | { kind: 'body' }
  | { kind: 'header'; name: string };

/** A signing mode: its text as configured and sent in `device-sign-mode`, and the parts it covers (signing contract §4). */
export interface SignMode {
  text: string;
  items: SignItem[];
  coversBody: boolean;
}

/** A `signModes` value: a signing mode, or `enc:<fields>` marking a login url (signing contract §3, §4). */
export type ModeValue = { kind: 'sign'; mode: SignMode } | { kind: 'enc'; fields: string[] };

/** Names the envelope plaintext adds itself, so a login field may not use them (signing contract §3). */
export const RESERVED_ENVELOPE_FIELDS: readonly string[] = [
  'algorithm',
  'publicKey',
  'initSign',
  'ts',
  'path',
  'bodyCiphertext',
];

const MAX_MODE_LENGTH = 512;
const MAX_ITEMS = 16;
const MAX_ENC_FIELDS = 32;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;
const FIELD_NAME = /^[A-Za-z0-9_.$-]{1,64}$/;

const LEVELS: Record<string, SignItem[]> = {
  '1': [{ kind: 'path' }, { kind: 'time' }],
  '2': [{ kind: 'path' }, { kind: 'time' }, { kind: 'traceId' }],
  '3': [{ kind: 'path' }, { kind: 'time' }, { kind: 'traceId' }, { kind: 'body' }],
};

/** The mode used when no `signModes` key matches (signing contract §4: no entry → "1"). */
export const DEFAULT_SIGN_MODE: SignMode = { text: '1', items: LEVELS['1']!, coversBody: false };

function parseItem(item: string): SignItem | string {
  if (item === 'path' || item === 'time' || item === 'traceId' || item === 'body') return { kind: item };
  if (item.startsWith('h:')) {
    const name = item.slice(2);
    return HEADER_NAME.test(name) ? { kind: 'header', name } : `"${item}" is not a valid header item`;
  }
  return `"${item}" is not one of path, time, traceId, body, h:<header-name>`;
}

function parseSignMode(text: string): SignMode | string {
  const level = LEVELS[text];
  if (level) return { text, items: level, coversBody: text === '3' };
  const parts = text.split(',');
  if (parts.length > MAX_ITEMS) return `has more than ${MAX_ITEMS} items`;
  const items: SignItem[] = [];
  for (const part of parts) {
    const item = parseItem(part);
    if (typeof item === 'string') return item;
    items.push(item);
  }
  // A repeated item would make the signed text ambiguous between the two sides.
  if (new Set(parts.map((p) => (p.startsWith('h:') ? p.toLowerCase() : p))).size !== parts.length)
    return 'repeats an item';
  return { text, items, coversBody: items.some((i) => i.kind === 'body') };
}

function parseEncFields(list: string): string[] | string {
  const fields = list.split(',');
  if (fields.length > MAX_ENC_FIELDS) return `names more than ${MAX_ENC_FIELDS} fields`;
  for (const field of fields) {
    if (!FIELD_NAME.test(field)) return `"${field}" is not a valid field name`;
    if (RESERVED_ENVELOPE_FIELDS.includes(field)) return `"${field}" is reserved by the envelope`;
  }
  if (new Set(fields).size !== fields.length) return 'repeats a field';
  return fields;
}

/** Parses one `signModes` value ("1"/"2"/"3", a custom list, or `enc:<fields>`), or returns why it is invalid (signing contract §3, §4). */
export function parseModeValue(value: unknown): ModeValue | { error: string } {
  if (typeof value !== 'string') return { error: 'must be a string' };
  if (value.length === 0 || value.length > MAX_MODE_LENGTH)
    return { error: `must be 1 to ${MAX_MODE_LENGTH} characters` };
  if (value.startsWith('enc:')) {
    const fields = parseEncFields(value.slice(4));
    return typeof fields === 'string' ? { error: fields } : { kind: 'enc', fields };
  }
  const mode = parseSignMode(value);
  return typeof mode === 'string' ? { error: mode } : { kind: 'sign', mode };
}
