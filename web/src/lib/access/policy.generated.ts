// Generated from quire-core's access policy (crates/quire-core/src/policy): do not edit.
// `UPDATE_POLICY=1 cargo test -p quire-core policy` writes it again.

export const ROLES = ['owner', 'editor', 'commenter', 'viewer'] as const;

export type Role = (typeof ROLES)[number];

export const ACTIONS = [
  'read',
  'comment',
  'writeText',
  'changeContents',
  'changeManuscript',
  'share',
  'trashManuscript',
  'export',
] as const;

export type Action = (typeof ACTIONS)[number];

/** The role each sharing permission value gives (0 removes access). */
export const ROLE_OF_PERMISSION: Readonly<Record<number, Role>> = {
  1: 'editor',
  2: 'commenter',
  3: 'viewer',
};

/** Whether each role may take each action. */
export const POLICY: Readonly<Record<Role, Readonly<Record<Action, boolean>>>> = {
  owner: {
    read: true,
    comment: true,
    writeText: true,
    changeContents: true,
    changeManuscript: true,
    share: true,
    trashManuscript: true,
    export: true,
  },
  editor: {
    read: true,
    comment: true,
    writeText: true,
    changeContents: true,
    changeManuscript: false,
    share: false,
    trashManuscript: false,
    export: true,
  },
  commenter: {
    read: true,
    comment: true,
    writeText: false,
    changeContents: false,
    changeManuscript: false,
    share: false,
    trashManuscript: false,
    export: false,
  },
  viewer: {
    read: true,
    comment: false,
    writeText: false,
    changeContents: false,
    changeManuscript: false,
    share: false,
    trashManuscript: false,
    export: false,
  },
};
