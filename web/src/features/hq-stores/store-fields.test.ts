import { describe, expect, it } from 'vitest';
import { changedStoreFields, checkStoreField, createBodyOf, EMPTY_STORE_VALUES, storeValuesOf } from './store-fields';

const stored = { name: 'Gangnam', address: 'Seoul 1', managerName: 'Kim', managerEmail: 'kim@x.test', phone: '010' };

describe('store fields', () => {
  it('need a name of 1..50 characters after trimming', () => {
    expect(checkStoreField('name', '   ')).toEqual({ key: 'nameRequired' });
    expect(checkStoreField('name', 'a'.repeat(50))).toBeNull();
    expect(checkStoreField('name', 'a'.repeat(51))).toEqual({ key: 'tooLong', max: 50 });
  });

  it('keep the spec limits of the optional values', () => {
    expect(checkStoreField('address', 'a'.repeat(200))).toBeNull();
    expect(checkStoreField('address', 'a'.repeat(201))).toEqual({ key: 'tooLong', max: 200 });
    expect(checkStoreField('managerName', 'a'.repeat(51))).toEqual({ key: 'tooLong', max: 50 });
    expect(checkStoreField('managerPhone', '1'.repeat(31))).toEqual({ key: 'tooLong', max: 30 });
    expect(checkStoreField('managerEmail', `${'a'.repeat(250)}@x.test`)).toEqual({ key: 'tooLong', max: 255 });
    expect(checkStoreField('address', '')).toBeNull();
  });

  it('take an empty email or a well-formed one', () => {
    expect(checkStoreField('managerEmail', '')).toBeNull();
    expect(checkStoreField('managerEmail', ' kim@x.test ')).toBeNull();
    expect(checkStoreField('managerEmail', 'kim@')).toEqual({ key: 'emailInvalid' });
  });

  it('create a store with trimmed values and without blank optional ones', () => {
    expect(createBodyOf({ ...EMPTY_STORE_VALUES, name: ' Hongdae ', managerEmail: ' o@x.test ' })).toEqual({ name: 'Hongdae', managerEmail: 'o@x.test' });
  });

  it('send only the keys that changed, a cleared value as null', () => {
    const before = storeValuesOf(stored);
    expect(before.managerPhone).toBe('010');
    expect(changedStoreFields(before, { ...before, address: 'Seoul 2' })).toEqual({ address: 'Seoul 2' });
    expect(changedStoreFields(before, { ...before, managerPhone: '  ', name: 'Gangnam 2' })).toEqual({ name: 'Gangnam 2', managerPhone: null });
  });

  it('see nothing changed when only spaces around a value changed, and never clear the name', () => {
    const before = storeValuesOf(stored);
    expect(changedStoreFields(before, { ...before, address: ' Seoul 1 ' })).toEqual({});
    expect(changedStoreFields(before, { ...before, name: '' })).toEqual({});
  });
});
