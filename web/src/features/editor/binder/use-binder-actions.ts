import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { showSuccess, useErrorDialog } from '@/components/ui';
import { newId } from '@/storage';

import type { Workspace } from '../workspace/types';
import {
  applyWrites,
  planAdd,
  planColor,
  planDelete,
  planDemote,
  planDuplicate,
  planMove,
  planPromote,
  planRename,
  planStatus,
} from './binder-plan';
import type { BinderWrite, ChildrenChoice } from './binder-plan';
import { nodeLabel } from './binder-tree';
import type { BinderTree, NodeType } from './binder-tree';

export interface Removal {
  trashedChapterIds: string[];
  addedChapterId: string | null;
}

export interface BinderActions {
  /** Adds a row; resolves to its id (null when nothing was written). */
  add(type: NodeType, parentKey: string, name: string): Promise<string | null>;
  rename(key: string, name: string): Promise<void>;
  move(key: string, parentKey: string, index: number): Promise<void>;
  promote(key: string): Promise<void>;
  demote(key: string): Promise<void>;
  duplicate(key: string): Promise<void>;
  /** Resolves to the chapters that went to the trash and the 'Untitled Chapter' added, if any. */
  remove(key: string, children: ChildrenChoice): Promise<Removal>;
  setStatus(key: string, statusId: number): Promise<void>;
  setColor(key: string, color: string | null): Promise<void>;
}

/**
 * The binder's commands: each plans its writes on the current tree (`binder-plan.ts`) and
 * writes them through the workspace's writer; a failed write is shown in the error dialog and
 * rejects, so a dialog can stay open.
 */
export function useBinderActions(
  workspace: Workspace,
  tree: BinderTree,
  copyChapterText: (fromChapterId: string, toChapterId: string) => Promise<void>,
): BinderActions {
  const { t } = useTranslation();
  const showError = useErrorDialog();

  return useMemo(() => {
    const write = async (writes: readonly BinderWrite[]) => {
      if (!workspace.canWrite || writes.length === 0) return;
      try {
        await applyWrites(workspace, writes);
      } catch (error) {
        showError(error);
        throw error;
      }
    };
    const labelOf = (key: string) => {
      const node = tree.nodes.get(key);
      return node ? nodeLabel(tree, node, workspace.userSettings.subchaptersAsScenes) : 'chapter';
    };
    return {
      async add(type, parentKey, name) {
        const id = newId();
        const writes = planAdd(tree, type, parentKey, name, id);
        await write(writes);
        return writes.length > 0 ? id : null;
      },
      rename: (key, name) => write(planRename(tree, key, name)),
      move: (key, parentKey, index) => write(planMove(tree, key, parentKey, index)),
      promote: (key) => write(planPromote(tree, key)),
      demote: (key) => write(planDemote(tree, key)),
      async duplicate(key) {
        const plan = planDuplicate(tree, key, t('binder.copy_prefix'), newId);
        if (plan.writes.length === 0) return;
        await write(plan.writes);
        showSuccess(t(`binder.duplicated.${labelOf(key)}`));
        try {
          for (const [from, to] of plan.copies) await copyChapterText(from, to);
        } catch (error) {
          showError(error, { message: t('binder.copy_text_failed') });
        }
      },
      async remove(key, children) {
        const label = labelOf(key);
        const writes = planDelete(tree, key, children, {
          name: t('binder.new_name.chapter'),
          newId,
        });
        await write(writes);
        showSuccess(t(`binder.deleted.${label}`));
        const chapters = writes.filter((w) => w.kind === 'chapters');
        return {
          trashedChapterIds: chapters.filter((w) => w.op === 'trash').map((w) => w.id),
          addedChapterId:
            chapters.find((w) => w.op === 'save' && !tree.nodes.has(`chapter:${w.id}`))?.id ?? null,
        };
      },
      setStatus: (key, statusId) => write(planStatus(tree, key, statusId)),
      setColor: (key, color) => write(planColor(tree, key, color)),
    };
  }, [workspace, tree, copyChapterText, t, showError]);
}
