import { useTranslation } from 'react-i18next';

import { NameDialog } from '@/components/ui';

import { chapterStatuses } from '../workspace/statuses';
import type { Workspace } from '../workspace/types';
import type { BinderDialog } from './binder-commands';
import { labelOf } from './binder-commands';
import { DeleteDialog } from './binder-dialogs';
import { NO_STATUS } from './binder-plan';
import type { BinderTree, NodeLabel } from './binder-tree';
import { ColorDialog, StatusDialog } from './chapter-look-dialogs';
import type { BinderActions, Removal } from './use-binder-actions';

interface BinderDialogHostProps {
  dialog: BinderDialog;
  tree: BinderTree;
  workspace: Workspace;
  actions: BinderActions;
  onClose: () => void;
  /** After an add: the new row's id and kind. */
  onAdded: (id: string, dialog: Extract<BinderDialog, { type: 'add' }>) => void;
  /** After a delete: what went to the trash and what was added. */
  onRemoved: (removal: Removal) => void;
}

const CHAPTER_LABELS: readonly NodeLabel[] = ['chapter', 'scene', 'subchapter'];

/** The one open binder dialog: add, rename, delete, status or colour. */
export function BinderDialogHost({
  dialog,
  tree,
  workspace,
  actions,
  onClose,
  onAdded,
  onRemoved,
}: BinderDialogHostProps) {
  const { t } = useTranslation();
  const required = (label: NodeLabel) =>
    t(
      CHAPTER_LABELS.includes(label)
        ? 'binder.validation.chapter_name_required'
        : 'binder.validation.name_required',
    );

  if (dialog.type === 'add') {
    return (
      <NameDialog
        title={t(`binder.new_title.${dialog.label}`)}
        label={t('binder.name_label')}
        submitLabel={t('binder.create')}
        requiredMessage={required(dialog.label)}
        initialValue={t(`binder.new_name.${dialog.label}`)}
        onSubmit={async (name) => {
          const id = await actions.add(dialog.nodeType, dialog.parentKey, name);
          if (id) onAdded(id, dialog);
          onClose();
        }}
        onClose={onClose}
      />
    );
  }

  const node = tree.nodes.get(dialog.key);
  if (!node) return null;
  const name = node.name || t('binder.unnamed');
  const asScenes = workspace.userSettings.subchaptersAsScenes;

  switch (dialog.type) {
    case 'rename':
      return (
        <NameDialog
          title={t('binder.rename_title', { name })}
          label={t('binder.name_label')}
          submitLabel={t('common.save')}
          requiredMessage={required(labelOf(tree, node.key, asScenes))}
          initialValue={node.name}
          onSubmit={async (next) => {
            await actions.rename(node.key, next);
            onClose();
          }}
          onClose={onClose}
        />
      );
    case 'delete': {
      const parent = tree.nodes.get(node.parentKey);
      const moveUpTo =
        node.children.length === 0
          ? null
          : parent
            ? parent.name || t('binder.unnamed')
            : t('binder.top_level');
      return (
        <DeleteDialog
          name={name}
          moveUpTo={moveUpTo}
          onConfirm={async (children) => {
            onRemoved(await actions.remove(node.key, children));
          }}
          onClose={onClose}
        />
      );
    }
    case 'status': {
      const current = node.row.settings?.status_id;
      return (
        <StatusDialog
          name={name}
          statuses={chapterStatuses(workspace.manuscript)}
          current={typeof current === 'number' ? current : NO_STATUS}
          onSubmit={(statusId) => actions.setStatus(node.key, statusId)}
          onClose={onClose}
        />
      );
    }
    case 'color':
      return (
        <ColorDialog
          name={name}
          current={node.row.meta?.color}
          onSubmit={(color) => actions.setColor(node.key, color)}
          onClose={onClose}
        />
      );
  }
}
