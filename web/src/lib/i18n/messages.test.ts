import { describe, expect, it } from 'vitest';
import { i18n } from './index';

// Every feature's texts, registered as their modules load.
import.meta.glob('../../**/*.messages.ts', { eager: true });

const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('the Korean and English texts', () => {
  const data = i18n.store.data as Record<'ko' | 'en', Record<string, unknown>>;

  it('are registered for every feature', () => {
    expect(Object.keys(data.ko).sort()).toEqual(Object.keys(data.en).sort());
    expect(Object.keys(data.ko)).toEqual(expect.arrayContaining(['common', 'auth', 'player', 'broadcast']));
  });

  it.each(Object.keys(data.ko))('of "%s" have the same keys in both languages, none empty', (namespace) => {
    const ko = keysOf(data.ko[namespace]).sort();
    const en = keysOf(data.en[namespace]).sort();
    expect(ko).toEqual(en);
    for (const lng of ['ko', 'en'] as const) {
      for (const key of ko) expect(i18n.getResource(lng, namespace, key)).not.toBe('');
    }
  });
});
