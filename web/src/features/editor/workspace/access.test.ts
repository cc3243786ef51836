import { describe, expect, it } from 'vitest';

import { workspaceAccess } from './access';

describe('workspace access', () => {
  it('lets the owner and Editors write, Commenters comment and Viewers read', () => {
    const cases = [
      [{}, { canWrite: true, canComment: true }],
      [
        { shared_with_me: true, shared_permissions: 1 },
        { canWrite: true, canComment: true },
      ],
      [
        { shared_with_me: true, shared_permissions: 2 },
        { canWrite: false, canComment: true },
      ],
      [
        { shared_with_me: true, shared_permissions: 3 },
        { canWrite: false, canComment: false },
      ],
      [
        { shared_with_me: true, shared_permissions: 7 },
        { canWrite: false, canComment: false },
      ],
    ] as const;
    for (const [row, access] of cases) {
      expect(workspaceAccess(row), JSON.stringify(row)).toEqual(access);
    }
  });
});
