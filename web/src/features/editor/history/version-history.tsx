import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_MODAL_SIZE, TitleInput, useRequiredTitle } from '@/components/ui';
import { isOnline } from '@/lib/platform';

import { chapterText, wordDiff } from './html-text';
import type { DiffPart } from './html-text';
import {
  addVersion,
  deleteVersion,
  fetchVersion,
  fetchVersions,
  renameVersion,
  restoreVersion,
  VERSION_NAME_MAX,
} from './versions-api';
import type { Version, VersionSummary } from './versions-api';

export interface VersionHistoryProps {
  chapterId: string;
  chapterName: string;
  opened: boolean;
  onClose: () => void;
  /** The chapter's text in the editor now (HTML), to compare a version with. */
  currentHtml: () => string;
  /** Viewers and Commenters: list and preview only. */
  readOnly: boolean;
}

type ListState =
  { status: 'loading' } | { status: 'ready'; versions: VersionSummary[] } | { status: 'failed' };

type PreviewState =
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'ready'; version: Version }
  | { status: 'failed'; id: string };

type Pending = { kind: 'restore' | 'delete'; id: string } | null;

/**
 * A chapter's version history: its versions newest first, a named version saved from the current
 * text, rename and delete, a word-level preview against the current text, and a restore after a
 * confirmation. Versions live on the server: offline, it says so.
 */
export function VersionHistory({
  chapterId,
  chapterName,
  opened,
  onClose,
  currentHtml,
  readOnly,
}: VersionHistoryProps) {
  const { t } = useTranslation();
  // useNetwork starts as online until its effect runs: ask the browser at once too.
  const online = useNetwork().online && isOnline();

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={DEFAULT_MODAL_SIZE}
      title={t('history.dialog_title', { chapter: chapterName })}
    >
      {!online ? (
        <Alert color="yellow" role="status">
          {t('history.offline')}
        </Alert>
      ) : (
        opened && (
          <HistoryBody chapterId={chapterId} currentHtml={currentHtml} readOnly={readOnly} />
        )
      )}
    </Modal>
  );
}

interface HistoryBodyProps {
  chapterId: string;
  currentHtml: () => string;
  readOnly: boolean;
}

function HistoryBody({ chapterId, currentHtml, readOnly }: HistoryBodyProps) {
  const { t } = useTranslation();
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [preview, setPreview] = useState<PreviewState>({ status: 'none' });
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let cancelled = false;
    fetchVersions(chapterId).then(
      (versions) => {
        if (!cancelled) setList({ status: 'ready', versions });
      },
      () => {
        if (!cancelled) setList({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [chapterId, attempt]);

  const openPreview = useCallback((id: string) => {
    setPending(null);
    setPreview({ status: 'loading', id });
    fetchVersion(id).then(
      (version) =>
        setPreview((shown) =>
          shown.status === 'loading' && shown.id === id ? { status: 'ready', version } : shown,
        ),
      () =>
        setPreview((shown) =>
          shown.status === 'loading' && shown.id === id ? { status: 'failed', id } : shown,
        ),
    );
  }, []);

  /** Runs an action; on success says `done` and reloads the list. */
  async function act(action: () => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      setNotice({ kind: 'done', text: done });
      reload();
      return true;
    } catch {
      setNotice({ kind: 'failed', text: t('history.action_failed') });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const selectedId =
    preview.status === 'ready' ? preview.version.id : preview.status === 'none' ? null : preview.id;

  return (
    <Stack gap="md">
      {!readOnly && (
        <SaveVersionForm
          busy={busy}
          onSave={(name) => act(() => addVersion(chapterId, name), t('history.saved'))}
        />
      )}
      {notice && (
        <Alert color={notice.kind === 'done' ? 'green' : 'red'} role="status">
          {notice.text}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <VersionList
          state={list}
          selectedId={selectedId}
          readOnly={readOnly}
          busy={busy}
          onRetry={() => {
            setList({ status: 'loading' });
            reload();
          }}
          onPreview={openPreview}
          onRename={(id, name) => act(() => renameVersion(id, name), t('history.renamed'))}
          onDelete={(id) => setPending({ kind: 'delete', id })}
        />
        <Box>
          {pending && (
            <Alert color={pending.kind === 'delete' ? 'red' : 'blue'} mb="md" role="alertdialog">
              <Stack gap="sm">
                <Text size="sm">
                  {pending.kind === 'delete'
                    ? t('history.delete_confirm')
                    : t('history.restore_confirm')}
                </Text>
                <Group justify="flex-end">
                  <Button variant="default" size="xs" onClick={() => setPending(null)}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    size="xs"
                    color={pending.kind === 'delete' ? 'red' : undefined}
                    loading={busy}
                    onClick={() => {
                      const { kind, id } = pending;
                      void (async () => {
                        if (kind === 'delete') {
                          if (await act(() => deleteVersion(id), t('history.deleted'))) {
                            setPending(null);
                            if (selectedId === id) setPreview({ status: 'none' });
                          }
                        } else if (await act(() => restoreVersion(id), t('history.restored'))) {
                          // The editor receives the restored text through the document: a
                          // comparison made now would show the text it replaced.
                          setPending(null);
                          setPreview({ status: 'none' });
                        }
                      })();
                    }}
                  >
                    {pending.kind === 'delete' ? t('history.delete') : t('history.restore')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <PreviewPane
            state={preview}
            currentHtml={currentHtml}
            readOnly={readOnly}
            onRetry={openPreview}
            onRestore={(id) => setPending({ kind: 'restore', id })}
          />
        </Box>
      </SimpleGrid>
    </Stack>
  );
}

function SaveVersionForm({
  busy,
  onSave,
}: {
  busy: boolean;
  onSave: (name: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const field = useRequiredTitle('', t('history.name_required'));

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    const trimmed = field.take();
    if (trimmed !== null && (await onSave(trimmed))) field.reset();
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)}>
      <Group align="flex-end" gap="sm">
        <TitleInput
          style={{ flex: 1 }}
          label={t('history.name_label')}
          placeholder={t('history.name_placeholder')}
          value={field.value}
          maxLength={VERSION_NAME_MAX}
          onChange={field.onChange}
          error={field.error}
          required
          autoComplete="off"
        />
        <Button type="submit" loading={busy}>
          {t('history.save')}
        </Button>
      </Group>
    </form>
  );
}

interface VersionListProps {
  state: ListState;
  selectedId: string | null;
  readOnly: boolean;
  busy: boolean;
  onRetry: () => void;
  onPreview: (id: string) => void;
  onRename: (id: string, name: string) => Promise<boolean>;
  onDelete: (id: string) => void;
}

function VersionList({
  state,
  selectedId,
  readOnly,
  busy,
  onRetry,
  onPreview,
  onRename,
  onDelete,
}: VersionListProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<string | null>(null);

  if (state.status === 'loading') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('history.loading')}</Text>
      </Group>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('history.load_failed')}</Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('history.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (state.versions.length === 0) {
    return <Text c="dimmed">{t('history.empty')}</Text>;
  }
  return (
    <ScrollArea.Autosize mah="60vh">
      <Stack component="ul" gap="xs" aria-label={t('history.list_label')} p={0} m={0}>
        {state.versions.map((version) => (
          <Paper
            component="li"
            key={version.id}
            withBorder
            p="sm"
            style={{ listStyle: 'none' }}
            bg={selectedId === version.id ? 'var(--mantine-primary-color-light)' : undefined}
          >
            {renaming === version.id ? (
              <RenameForm
                initial={version.name}
                busy={busy}
                onCancel={() => setRenaming(null)}
                onSave={async (name) => {
                  if (await onRename(version.id, name)) setRenaming(null);
                }}
              />
            ) : (
              <Stack gap={4}>
                <UnstyledButton
                  onClick={() => onPreview(version.id)}
                  aria-pressed={selectedId === version.id}
                >
                  <Text fw={600}>
                    <VersionLabel version={version} />
                  </Text>
                  <Text size="sm" c="dimmed">
                    <VersionDate at={version.created_at} /> ·{' '}
                    {t('history.words', { count: version.words })}
                  </Text>
                </UnstyledButton>
                <Group gap="xs">
                  <Button size="compact-xs" variant="subtle" onClick={() => onPreview(version.id)}>
                    {t('history.preview')}
                  </Button>
                  {!readOnly && (
                    <>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setRenaming(version.id)}
                      >
                        {t('history.rename')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(version.id)}
                      >
                        {t('history.delete')}
                      </Button>
                    </>
                  )}
                </Group>
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function RenameForm({
  initial,
  busy,
  onSave,
  onCancel,
}: {
  initial: string;
  busy: boolean;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const field = useRequiredTitle(initial, t('history.name_required'));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = field.take();
        if (trimmed !== null) void onSave(trimmed);
      }}
    >
      <Stack gap="xs">
        <TitleInput
          label={t('history.rename_label')}
          value={field.value}
          maxLength={VERSION_NAME_MAX}
          onChange={field.onChange}
          error={field.error}
          required
          data-autofocus
          autoComplete="off"
        />
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={busy}>
            {t('history.rename_save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PreviewPane({
  state,
  currentHtml,
  readOnly,
  onRetry,
  onRestore,
}: {
  state: PreviewState;
  currentHtml: () => string;
  readOnly: boolean;
  onRetry: (id: string) => void;
  onRestore: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (state.status === 'none') return <Text c="dimmed">{t('history.pick_hint')}</Text>;
  if (state.status === 'loading') return <Loader size="sm" aria-label={t('history.loading')} />;
  if (state.status === 'failed') {
    return (
      <Alert color="red">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('history.preview_failed')}</Text>
          <Button size="xs" variant="default" onClick={() => onRetry(state.id)}>
            {t('history.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { version } = state;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Title order={3} size="h4">
          <VersionLabel version={version} />
        </Title>
        {!readOnly && (
          <Button size="xs" onClick={() => onRestore(version.id)}>
            {t('history.restore')}
          </Button>
        )}
      </Group>
      <VersionDiff version={version} currentHtml={currentHtml} />
    </Stack>
  );
}

const ADDED_STYLE = {
  backgroundColor: 'var(--mantine-color-green-light)',
  color: 'var(--mantine-color-green-light-color)',
  textDecoration: 'underline',
};
const REMOVED_STYLE = {
  backgroundColor: 'var(--mantine-color-red-light)',
  color: 'var(--mantine-color-red-light-color)',
  textDecoration: 'line-through',
};

/** Runs of a comparison, each change labelled for screen readers; a replaced phrase and its
 * replacement are set apart by a space. */
function DiffRuns({ parts, testId }: { parts: DiffPart[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid={testId}>
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <Fragment key={index}>
            {parts[index - 1]?.kind === 'removed' && ' '}
            <ins style={ADDED_STYLE}>
              <VisuallyHidden>{`[${t('history.legend_added')}] `}</VisuallyHidden>
              {part.text}
            </ins>
          </Fragment>
        ) : (
          <del key={index} style={REMOVED_STYLE}>
            <VisuallyHidden>{`[${t('history.legend_removed')}] `}</VisuallyHidden>
            {part.text}
          </del>
        ),
      )}
    </Text>
  );
}

/**
 * The word-level changes from the current text to `version`, each run labelled: the text with
 * the text, the footnotes with the footnotes (numbered, one a line).
 */
function VersionDiff({ version, currentHtml }: { version: Version; currentHtml: () => string }) {
  const { t } = useTranslation();
  const { text, footnotes } = useMemo(() => {
    const now = chapterText(currentHtml());
    const then = chapterText(version.content);
    const numbered = (notes: string[]) =>
      notes.map((note, i) => `${String(i + 1)}. ${note}`).join('\n');
    return {
      text: wordDiff(now.text, then.text),
      footnotes:
        now.footnotes.length + then.footnotes.length === 0
          ? []
          : wordDiff(numbered(now.footnotes), numbered(then.footnotes)),
    };
  }, [version, currentHtml]);
  const changed = [...text, ...footnotes].some((part) => part.kind !== 'same');
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('history.compare_title')}
      </Text>
      <Group gap="md">
        <Text size="xs" component="span" style={ADDED_STYLE}>
          {t('history.legend_added')}
        </Text>
        <Text size="xs" component="span" style={REMOVED_STYLE}>
          {t('history.legend_removed')}
        </Text>
      </Group>
      {!changed && <Text size="sm">{t('history.no_changes')}</Text>}
      <ScrollArea.Autosize mah="50vh">
        <DiffRuns parts={text} testId="version-diff" />
        {footnotes.length > 0 && (
          <>
            <Text size="xs" fw={600} mt="sm" mb={4}>
              {t('history.footnotes')}
            </Text>
            <DiffRuns parts={footnotes} testId="version-footnotes-diff" />
          </>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

function VersionDate({ at }: { at: number }) {
  const { i18n } = useTranslation();
  const text = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(at),
      ),
    [at, i18n.language],
  );
  return <time dateTime={new Date(at).toISOString()}>{text}</time>;
}

/** A version's name; an unnamed one is an automatic snapshot or an unnamed version. */
function VersionLabel({ version }: { version: VersionSummary }) {
  const { t } = useTranslation();
  if (version.name.trim() !== '') return version.name;
  return version.automatic ? t('history.automatic') : t('history.unnamed');
}
