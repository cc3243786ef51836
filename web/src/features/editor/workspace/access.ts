/**
 * What the workspace lets the caller do with a manuscript, decided by the shared access policy
 * from the role the manuscript row gives them.
 */
import type { SharedMarks } from '@/lib/access/policy';
import { may, roleOf } from '@/lib/access/policy';

export interface WorkspaceAccess {
  /** Changes the text and the manuscript's rows (the binder, properties, sections). */
  canWrite: boolean;
  /** Adds, answers and resolves comment threads. */
  canComment: boolean;
}

export function workspaceAccess(row: SharedMarks): WorkspaceAccess {
  const role = roleOf(row);
  return {
    canWrite: may(role, 'writeText') && may(role, 'changeContents'),
    canComment: may(role, 'comment'),
  };
}
