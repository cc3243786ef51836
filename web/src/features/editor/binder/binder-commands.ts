/**
 * The "⋯" menu of a row as data: which commands a row offers (by its kind, its place and
 * whether the workspace may be changed) and what each opens or does.
 */
import type { TFunction } from 'i18next';

import { demoteTarget } from './binder-plan';
import type { RowCommand } from './binder-row';
import { isSubchapter, nodeLabel } from './binder-tree';
import type { BinderNode, BinderTree, NodeLabel, NodeType } from './binder-tree';

export type BinderDialog =
  | { type: 'add'; nodeType: NodeType; parentKey: string; label: NodeLabel }
  | { type: 'rename' | 'delete' | 'status' | 'color'; key: string };

export interface CommandContext {
  tree: BinderTree;
  canWrite: boolean;
  asScenes: boolean;
  t: TFunction;
  open: (dialog: BinderDialog) => void;
  promote: (key: string) => void;
  demote: (key: string) => void;
  duplicate: (key: string) => void;
}

export function rowCommands(node: BinderNode, ctx: CommandContext): RowCommand[] {
  if (!ctx.canWrite) return [];
  const { t, open, tree } = ctx;
  const key = node.key;
  const childLabel: NodeLabel = ctx.asScenes ? 'scene' : 'subchapter';
  const commands: RowCommand[] = [
    { id: 'rename', label: t('binder.menu.rename'), run: () => open({ type: 'rename', key }) },
  ];
  const add = (nodeType: NodeType, label: NodeLabel) => {
    commands.push({
      id: `add-${label}`,
      label: t(`binder.add.${label}`),
      run: () => open({ type: 'add', nodeType, parentKey: key, label }),
    });
  };
  if (node.type === 'section') {
    add('chapter', 'chapter');
    add('outline', 'outline');
  }
  if (node.type === 'outline') add('chapter', 'chapter');
  const sub = isSubchapter(tree, node);
  if (node.type === 'chapter' && !sub) add('chapter', childLabel);
  commands.push({
    id: 'duplicate',
    label: t('binder.menu.duplicate'),
    run: () => ctx.duplicate(key),
  });
  if (node.type === 'chapter') {
    if (sub) {
      commands.push({
        id: 'promote',
        label: t('binder.menu.promote'),
        run: () => ctx.promote(key),
      });
    } else if (demoteTarget(tree, key)) {
      commands.push({
        id: 'demote',
        label: t(ctx.asScenes ? 'binder.menu.demote_scene' : 'binder.menu.demote_subchapter'),
        run: () => ctx.demote(key),
      });
    }
    commands.push({
      id: 'status',
      label: t('binder.menu.status'),
      run: () => open({ type: 'status', key }),
    });
  }
  commands.push(
    { id: 'color', label: t('binder.menu.color'), run: () => open({ type: 'color', key }) },
    {
      id: 'delete',
      label: t('binder.menu.delete'),
      danger: true,
      run: () => open({ type: 'delete', key }),
    },
  );
  return commands;
}

/** The label of a row ('chapter', 'scene' …) under the user's setting. */
export function labelOf(tree: BinderTree, key: string, asScenes: boolean): NodeLabel {
  const node = tree.nodes.get(key);
  return node ? nodeLabel(tree, node, asScenes) : 'chapter';
}
