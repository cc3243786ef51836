import { describe, expect, it } from 'vitest';

import { may, roleOf } from './policy';
import { ACTIONS, ROLES } from './policy.generated';

describe('the access policy', () => {
  it('gives each role exactly the actions of the product’s table', () => {
    const table = {
      owner: [
        'read',
        'comment',
        'writeText',
        'changeContents',
        'changeManuscript',
        'share',
        'trashManuscript',
        'export',
      ],
      editor: ['read', 'comment', 'writeText', 'changeContents', 'export'],
      commenter: ['read', 'comment'],
      viewer: ['read'],
    };
    expect(Object.keys(table)).toEqual([...ROLES]);
    for (const role of ROLES) {
      const allowed = ACTIONS.filter((action) => may(role, action));
      expect(allowed, role).toEqual(table[role]);
    }
  });

  it('reads the caller’s role from a manuscript row’s sharing marks', () => {
    const cases = [
      [{}, 'owner'],
      [{ shared_with_me: false, shared_permissions: 3 }, 'owner'],
      [{ shared_with_me: true, shared_permissions: 1 }, 'editor'],
      [{ shared_with_me: true, shared_permissions: 2 }, 'commenter'],
      [{ shared_with_me: true, shared_permissions: 3 }, 'viewer'],
      [{ shared_with_me: 1, shared_permissions: 1 }, 'editor'],
      [{ shared_with_me: true }, 'viewer'],
      [{ shared_with_me: true, shared_permissions: 0 }, 'viewer'],
      [{ shared_with_me: true, shared_permissions: 9 }, 'viewer'],
    ] as const;
    for (const [row, role] of cases) {
      expect(roleOf(row), JSON.stringify(row)).toBe(role);
    }
  });
});
