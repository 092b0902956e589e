import { describe, expect, it } from 'vitest';
import { i18n } from './index';

// Every feature's texts, registered as their modules load.
import.meta.glob('../../**/*.messages.ts', { eager: true });

const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

/** Plural forms are per language (English has _one, Korean only one form): compare by base key. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeysOf = (value: unknown): string[] => [...new Set(keysOf(value).map((k) => k.replace(PLURAL_SUFFIX, '')))].sort();

describe('the Korean and English texts', () => {
  const data = i18n.store.data as Record<'ko' | 'en', Record<string, unknown>>;

  it('are registered for every feature', () => {
    expect(Object.keys(data.ko).sort()).toEqual(Object.keys(data.en).sort());
    expect(Object.keys(data.ko)).toEqual(expect.arrayContaining(['common', 'auth', 'player', 'broadcast']));
  });

  it.each(Object.keys(data.ko))('of "%s" have the same keys in both languages (plural forms aside), none empty', (namespace) => {
    expect(baseKeysOf(data.ko[namespace])).toEqual(baseKeysOf(data.en[namespace]));
    for (const lng of ['ko', 'en'] as const) {
      for (const key of keysOf(data[lng][namespace])) expect(i18n.getResource(lng, namespace, key)).not.toBe('');
    }
  });
});
