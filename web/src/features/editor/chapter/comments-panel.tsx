import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { useSession } from '@/lib/session';
import { resolveTimeZone } from '@/lib/writing/zone';
import type { CommentsStore, CommentThread } from '@/text-editor';

const BODY_MAX = 5000;

/** The threads of the chapter's Y.Doc, kept current (local and remote changes). */
function threadsSource(store: CommentsStore) {
  let threads = store.list();
  return {
    subscribe: (notify: () => void) =>
      store.observe(() => {
        threads = store.list();
        notify();
      }),
    snapshot: () => threads,
  };
}

export function useCommentThreads(store: CommentsStore): CommentThread[] {
  const source = useMemo(() => threadsSource(store), [store]);
  return useSyncExternalStore(source.subscribe, source.snapshot);
}

/** A comment's time in the writer's zone (their setting, else the browser's). */
function formatDate(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

function ThreadCard(props: {
  thread: CommentThread;
  writable: boolean;
  canDelete: boolean;
  onReply: (body: string) => void;
  onResolve: (resolved: boolean) => void;
  onDelete: () => void;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation();
  const timeZone = resolveTimeZone(useSession().user?.settings.timezone);
  const [reply, setReply] = useState('');
  const { thread } = props;
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-testid="comment-thread"
      opacity={thread.resolved ? 0.7 : 1}
    >
      <Stack gap={6}>
        <Group
          justify="space-between"
          gap="xs"
          onClick={props.onSelect}
          style={{ cursor: 'pointer' }}
        >
          <Text size="sm" fw={600}>
            {thread.authorName}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(thread.createdAt, i18n.language, timeZone)}
          </Text>
        </Group>
        {thread.resolved && (
          <Badge size="xs" color="teal" variant="light">
            {t('chapter_editor.comments.resolved')}
          </Badge>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {thread.body}
        </Text>
        {thread.replies.map((r) => (
          <Stack
            key={r.id}
            gap={0}
            pl="sm"
            style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
          >
            <Text size="xs" fw={600}>
              {r.authorName}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {r.body}
            </Text>
          </Stack>
        ))}
        {props.writable && (
          <>
            {!thread.resolved && (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  if (reply.trim() === '') return;
                  props.onReply(reply.trim());
                  setReply('');
                }}
              >
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <Textarea
                    size="xs"
                    aria-label={t('chapter_editor.comments.reply_label')}
                    placeholder={t('chapter_editor.comments.reply_label')}
                    value={reply}
                    maxLength={BODY_MAX}
                    rows={1}
                    resize="vertical"
                    style={{ flex: 1 }}
                    onChange={(event) => {
                      setReply(event.currentTarget.value);
                    }}
                  />
                  <Button size="xs" type="submit" variant="light" disabled={reply.trim() === ''}>
                    {t('chapter_editor.comments.reply')}
                  </Button>
                </Group>
              </form>
            )}
            <Group gap="xs">
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => {
                  props.onResolve(!thread.resolved);
                }}
              >
                {thread.resolved
                  ? t('chapter_editor.comments.reopen')
                  : t('chapter_editor.comments.resolve')}
              </Button>
              {props.canDelete && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={props.onDelete}>
                  {t('chapter_editor.comments.delete')}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

export interface CommentsPanelProps {
  store: CommentsStore;
  user: { id: string; name: string };
  /** Whether threads can be started, answered and resolved here (writers and Commenters). */
  writable: boolean;
  /** Whose threads can be deleted: any (the chapter's writers) or the user's own (Commenters). */
  deletes: 'any' | 'own';
  /** A comment being started on the selection; `onAdd` anchors it. */
  composing: boolean;
  onAdd: (body: string) => void;
  onCancelCompose: () => void;
  onDelete: (id: string) => void;
  onSelect: (id: string) => void;
  onClose: () => void;
}

/** Comment threads of the chapter: start one on the selection, reply, resolve or reopen, delete. */
export function CommentsPanel(props: CommentsPanelProps) {
  const { t } = useTranslation();
  const threads = useCommentThreads(props.store);
  const [showResolved, setShowResolved] = useState(false);
  const [draft, setDraft] = useState('');
  const shown = threads.filter((thread) => showResolved || !thread.resolved);

  return (
    <Paper
      withBorder
      radius={0}
      p="sm"
      w={300}
      h="100%"
      component="aside"
      aria-label={t('chapter_editor.comments.panel')}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Text fw={600}>{t('chapter_editor.comments.panel')}</Text>
          <Tooltip label={t('chapter_editor.comments.close')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('chapter_editor.comments.close')}
              onClick={props.onClose}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {props.composing && props.writable && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (draft.trim() === '') return;
              props.onAdd(draft.trim());
              setDraft('');
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={t('chapter_editor.comments.new_label')}
                value={draft}
                maxLength={BODY_MAX}
                rows={2}
                resize="vertical"
                data-autofocus
                autoFocus
                onChange={(event) => {
                  setDraft(event.currentTarget.value);
                }}
              />
              <Group gap="xs" justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setDraft('');
                    props.onCancelCompose();
                  }}
                >
                  {t('chapter_editor.comments.cancel')}
                </Button>
                <Button size="xs" type="submit" disabled={draft.trim() === ''}>
                  {t('chapter_editor.comments.add')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        <Checkbox
          size="xs"
          label={t('chapter_editor.comments.show_resolved')}
          checked={showResolved}
          onChange={(event) => {
            setShowResolved(event.currentTarget.checked);
          }}
        />
        <ScrollArea style={{ flex: 1 }}>
          <Stack gap="xs">
            {shown.length === 0 && !props.composing && (
              <Text size="sm" c="dimmed">
                {t('chapter_editor.comments.empty')}
              </Text>
            )}
            {shown.map((thread) => (
              <ThreadCard
                key={thread.id}
                thread={thread}
                writable={props.writable}
                canDelete={props.deletes === 'any' || thread.authorId === props.user.id}
                onReply={(body) => props.store.reply(thread.id, props.user, body)}
                onResolve={(resolved) => props.store.setResolved(thread.id, resolved)}
                onDelete={() => {
                  props.onDelete(thread.id);
                }}
                onSelect={() => {
                  props.onSelect(thread.id);
                }}
              />
            ))}
          </Stack>
        </ScrollArea>
      </Stack>
    </Paper>
  );
}
