/** The server's message catalogue: one table per domain, merged without losing or changing text. */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../server/http/messages.ts';
import { message } from '../../server/http/messages.ts';
import { MESSAGE_TABLES } from '../../server/http/messages/catalogue.ts';
import type { MessageTable } from '../../server/http/messages/messageTable.ts';

const FOLDER = resolve(import.meta.dirname, '../../server/http/messages');
const tables: [string, MessageTable][] = Object.entries(MESSAGE_TABLES);

/** The distinct `{name}` placeholders of a text, sorted. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))].sort();
}

describe('the server message catalogue', () => {
  it('merges a table for every domain file in the folder', () => {
    const files = readdirSync(FOLDER).filter((name) => name.endsWith('Messages.ts'));
    const domains = tables.map(([domain]) => `${domain}Messages.ts`);
    expect(files.sort()).toEqual(domains.sort());
  });

  it('defines each key in one domain only: a second definition would overwrite the first', () => {
    const owners = new Map<string, string[]>();
    for (const [domain, table] of tables)
      for (const key of Object.keys(table)) owners.set(key, [...(owners.get(key) ?? []), domain]);
    const twice = [...owners].filter(([, domains]) => domains.length > 1);
    expect(twice).toEqual([]);
  });

  it("answers every domain's own text in both languages", () => {
    for (const [, table] of tables)
      for (const [key, [zh, en]] of Object.entries(table)) {
        expect(message(key as MessageKey, 'zh')).toBe(zh);
        expect(message(key as MessageKey, 'en')).toBe(en);
      }
  });

  it('has a Chinese and an English text for every key, with the same placeholders', () => {
    for (const [, table] of tables)
      for (const [key, [zh, en]] of Object.entries(table)) {
        expect(zh.trim(), key).not.toBe('');
        expect(en.trim(), key).not.toBe('');
        expect(placeholders(en), key).toEqual(placeholders(zh));
      }
  });

  it('fills placeholders from the parameters and keeps one it was not given', () => {
    expect(message('auth.throttled', 'en', { seconds: 30 })).toBe(
      'Too many failed sign-ins; try again in 30 s',
    );
    expect(message('task.battery_below', 'zh', { battery: 12 })).toBe(
      '飞行器电量不足：12%，需要至少 {min}%',
    );
  });
});
