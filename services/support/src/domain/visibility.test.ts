import {
  attachmentVisibilityOf,
  attachmentVisibleIn,
  authorRoleOf,
  commentKindAllowedIn,
  commentVisibleIn,
  isHandlerReply,
  type Channel,
} from './visibility';

const OUTSIDE_OPERATORS: Channel[] = ['hq', 'hq-store', 'store'];

describe('visibility of comments and attachments', () => {
  it('shows INTERNAL comments to operators only', () => {
    expect(commentVisibleIn('operator', 'INTERNAL')).toBe(true);
    for (const channel of OUTSIDE_OPERATORS) expect(commentVisibleIn(channel, 'INTERNAL')).toBe(false);
  });

  it('shows REPLY comments in every channel', () => {
    for (const channel of ['operator', ...OUTSIDE_OPERATORS] as Channel[]) expect(commentVisibleIn(channel, 'REPLY')).toBe(true);
  });

  it('makes the file of an INTERNAL comment INTERNAL, every other file SHARED', () => {
    expect(attachmentVisibilityOf({ kind: 'INTERNAL' })).toBe('INTERNAL');
    expect(attachmentVisibilityOf({ kind: 'REPLY' })).toBe('SHARED');
    expect(attachmentVisibilityOf(null)).toBe('SHARED');
  });

  it('shows INTERNAL files to operators only', () => {
    expect(attachmentVisibleIn('operator', 'INTERNAL')).toBe(true);
    for (const channel of OUTSIDE_OPERATORS) {
      expect(attachmentVisibleIn(channel, 'INTERNAL')).toBe(false);
      expect(attachmentVisibleIn(channel, 'SHARED')).toBe(true);
    }
  });

  it('lets only operators write INTERNAL comments', () => {
    expect(commentKindAllowedIn('operator', 'INTERNAL')).toBe(true);
    for (const channel of OUTSIDE_OPERATORS) {
      expect(commentKindAllowedIn(channel, 'INTERNAL')).toBe(false);
      expect(commentKindAllowedIn(channel, 'REPLY')).toBe(true);
    }
  });

  it('writes comments under the channel\'s role', () => {
    expect(authorRoleOf('operator')).toBe('OPERATOR');
    expect(authorRoleOf('hq')).toBe('HQ_MANAGER');
    expect(authorRoleOf('hq-store')).toBe('HQ_MANAGER');
    expect(authorRoleOf('store')).toBe('STORE_MANAGER');
  });

  it('signals a store about replies of operators and its HQ, not its own or INTERNAL notes', () => {
    expect(isHandlerReply({ kind: 'REPLY', authorRole: 'OPERATOR' })).toBe(true);
    expect(isHandlerReply({ kind: 'REPLY', authorRole: 'HQ_MANAGER' })).toBe(true);
    expect(isHandlerReply({ kind: 'REPLY', authorRole: 'STORE_MANAGER' })).toBe(false);
    expect(isHandlerReply({ kind: 'INTERNAL', authorRole: 'OPERATOR' })).toBe(false);
  });
});
