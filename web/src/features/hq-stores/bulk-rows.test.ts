import { describe, expect, it } from 'vitest';
import { bulkRowProblem } from './bulk-rows';

describe('a failed bulk row', () => {
  it('is no problem when it succeeded', () => {
    expect(bulkRowProblem({ status: 'SUCCESS', errorCode: null, errorMessage: null })).toBeNull();
  });

  it('names the invalid fields the server lists, in the template’s column order', () => {
    expect(bulkRowProblem({ status: 'FAILED', errorCode: 'HQ_STORE_INVALID_FIELD', errorMessage: 'managerEmail: Invalid email address; name: Too small: expected string to have >=1 characters' }))
      .toEqual({ code: 'HQ_STORE_INVALID_FIELD', fields: ['name', 'managerEmail'], wrongColumnCount: false });
  });

  it('tells a row with the wrong number of columns', () => {
    expect(bulkRowProblem({ status: 'FAILED', errorCode: 'HQ_STORE_INVALID_FIELD', errorMessage: 'Expected 5 columns, found 3' }))
      .toEqual({ code: 'HQ_STORE_INVALID_FIELD', fields: [], wrongColumnCount: true });
  });

  it('keeps other codes (a duplicate email) and a missing code as unknown', () => {
    expect(bulkRowProblem({ status: 'FAILED', errorCode: 'DUPLICATE_EMAIL', errorMessage: 'Email already registered' })).toMatchObject({ code: 'DUPLICATE_EMAIL', fields: [] });
    expect(bulkRowProblem({ status: 'FAILED', errorCode: null, errorMessage: null })).toMatchObject({ code: 'UNKNOWN_ERROR' });
  });
});
