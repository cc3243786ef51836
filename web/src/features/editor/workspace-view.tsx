import {
  ActionIcon,
  Alert,
  Box,
  Center,
  Drawer,
  Group,
  Loader,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery, useNetwork } from '@mantine/hooks';
import {
  IconHistory,
  IconLayoutSidebarLeftExpand,
  IconLayoutSidebarRight,
  IconWifiOff,
} from '@tabler/icons-react';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import * as Y from 'yjs';

import { setHeaderHidden } from '@/lib/chrome';
import { CHAPTER_PARAM, ELEMENTS_PARAM, MENTIONS_OF_PARAM } from '@/lib/paths';
import type { SessionUser } from '@/lib/session';
import { collabConnectionFor, mentionIndexFor, syncStatusFor } from '@/sync';
import { footnotesHtml, footnotesStore } from '@/text-editor';

import { ChapterEditor, ChapterLoadError, useMentionDirectory } from './chapter';
import { createChapterStashes } from './stashes';
import { manuscriptWords } from './stats/manuscript-words';
import { manuscriptTodayNet, manuscriptTodayWords } from './stats/today-words';
import { useClock } from './stats/use-clock';
import { useLiveToday, useWritingRecorder } from './stats/use-writing-recorder';
import { useAfterPaint } from './use-after-paint';
import { useOpenedOnce } from './use-opened-once';
import {
  keptCaretFor,
  rememberChapter,
  rememberCursor,
  rememberedCaret,
} from './workspace/remember-place';
import type {
  ChapterRow,
  ManuscriptSettings,
  Workspace,
  WorkspaceActions,
} from './workspace/types';
import { useChapterHandle } from './workspace/use-chapter-handle';
import { useMentionOnArrival } from './workspace/use-mention-on-arrival';
import { useTextFocusOnArrival } from './workspace/use-text-focus-on-arrival';

// Not on the path to the chapter's text: their code loads while the chapter opens, and they
// render after the editor's first frame (`useAfterEditorPaint`).
const Binder = lazy(() => import('./binder').then((m) => ({ default: m.Binder })));
const PropertiesPanel = lazy(() =>
  import('./properties').then((m) => ({ default: m.PropertiesPanel })),
);
const VersionHistory = lazy(() => import('./history').then((m) => ({ default: m.VersionHistory })));

/** The header hides in the editor on larger screens when `hide_header` is on. */
const LARGE_SCREEN = '(min-width: 62em)';
const BINDER_WIDTH = 290;
const PROPERTIES_WIDTH = 310;

interface EditorApi {
  getHTML(): string;
  getText(): string;
  getFootnoteIds(): string[];
  focus(): void;
  revealMention(elementId: string): boolean;
}

/** An update made in this tab: the editor's binding, its undo, or the comment/footnote stores. */
function isLocalEdit(origin: unknown): boolean {
  return origin === ySyncPluginKey || origin === null || origin instanceof Y.UndoManager;
}

/** The chapter to show when none is asked for: the first top-level one in order. */
function firstChapter(chapters: readonly ChapterRow[]): ChapterRow | undefined {
  const order = (row: ChapterRow) => [row._order ?? 0, Number(row.created_at ?? 0)] as const;
  return [...chapters]
    .filter((row) => !row.chapter_id)
    .sort(
      (a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1] || (a.id < b.id ? -1 : 1),
    )
    .at(0);
}

interface SidePanelProps {
  side: 'left' | 'right';
  label: string;
  width: number;
  /** A column beside the page on large screens, a drawer on small ones. */
  large: boolean;
  /** Whether the column shows (large screens). */
  shown: boolean;
  /** Whether the drawer is open (small screens). */
  drawerOpened: boolean;
  onCloseDrawer: () => void;
  children: ReactNode;
}

/** The binder's or the properties' place: a bordered, scrolling column, or a drawer. */
function SidePanel({
  side,
  label,
  width,
  large,
  shown,
  drawerOpened,
  onCloseDrawer,
  children,
}: SidePanelProps) {
  if (!large) {
    return (
      <Drawer position={side} opened={drawerOpened} onClose={onCloseDrawer} title={label}>
        {children}
      </Drawer>
    );
  }
  if (!shown) return null;
  const border = '1px solid var(--mantine-color-default-border)';
  return (
    <Box
      component={side === 'left' ? 'nav' : 'aside'}
      aria-label={label}
      w={width}
      style={{
        flexShrink: 0,
        overflowY: 'auto',
        // Its size is the screen's: what changes in it, or beside it, is laid out and painted
        // on its own side, not with the chapter on every key.
        contain: 'strict',
        ...(side === 'left' ? { borderRight: border } : { borderLeft: border }),
      }}
    >
      {children}
    </Box>
  );
}

/**
 * The editor screen: the binder on the left, the chapter in the middle, the properties on the
 * right; focus mode leaves only the page. The chapter is its Yjs document, opened from this device
 * first; structure and settings are rows written locally first. The chapter shown is in the URL
 * (`?chapter=`), else the one last opened.
 */
export function WorkspaceView({
  workspace,
  user,
  actions: Actions,
}: {
  workspace: Workspace;
  user: SessionUser;
  /** Header actions other features add (import, export, to-dos), composed by `app/`. */
  actions?: WorkspaceActions | undefined;
}) {
  const { t } = useTranslation();
  const { manuscript, chapters, userSettings, keepOnDevice } = workspace;
  const isLarge = useMediaQuery(LARGE_SCREEN, true);
  const [focusMode, setFocusMode] = useState(false);
  const [binderOpened, { open: openBinder, close: closeBinder }] = useDisclosure(false);
  const [propertiesOpened, setPropertiesOpened] = useState(
    () => window.matchMedia(LARGE_SCREEN).matches,
  );
  const [historyOpened, history] = useDisclosure(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const connection = useMemo(() => collabConnectionFor(user.id), [user.id]);
  const syncStatus = useMemo(() => syncStatusFor(user.id), [user.id]);
  const online = useNetwork().online;

  const chapterById = useMemo(() => new Map(chapters.map((row) => [row.id, row])), [chapters]);
  const requested = searchParams.get(CHAPTER_PARAM);
  const remembered = manuscript.settings?.last_active_chapter ?? null;
  const chapter =
    (requested ? chapterById.get(requested) : undefined) ??
    (remembered ? chapterById.get(remembered) : undefined) ??
    firstChapter(chapters) ??
    null;
  const chapterId = chapter?.id ?? null;
  const opened = useChapterHandle(connection, chapterId);
  const rememberedPosition = manuscript.settings?.last_active_chapter_position;
  // Read once per chapter (the editor takes it when it mounts), not at every render.
  const initialCursor = useMemo(() => {
    if (!chapterId) return null;
    const kept = keptCaretFor(manuscript.id, chapterId);
    if (kept !== null) return kept;
    return remembered === chapterId ? rememberedCaret(rememberedPosition) : null;
  }, [manuscript.id, chapterId, remembered, rememberedPosition]);

  useEffect(() => {
    if (chapterId) void rememberChapter(keepOnDevice, manuscript.id, chapterId);
  }, [keepOnDevice, manuscript.id, chapterId]);

  useEffect(() => {
    setHeaderHidden(focusMode || (userSettings.hideHeader && isLarge));
  }, [focusMode, userSettings.hideHeader, isLarge]);
  useEffect(
    () => () => {
      setHeaderHidden(false);
    },
    [],
  );

  const [freshWords, setFreshWords] = useState<ReadonlyMap<string, number>>(new Map());
  const recorder = useWritingRecorder(workspace);
  // Whose words changed since the last count: only this writer's typing is their writing; a
  // collaborator's edit, another device's or a restore moves the baseline instead.
  const edits = useRef({ local: false, remote: false });
  const openDoc = opened.handle?.doc ?? null;
  useEffect(() => {
    if (!openDoc) return;
    const noteOrigin = (_update: Uint8Array, origin: unknown) => {
      if (isLocalEdit(origin)) edits.current.local = true;
      else edits.current.remote = true;
    };
    openDoc.on('update', noteOrigin);
    return () => {
      openDoc.off('update', noteOrigin);
    };
  }, [openDoc]);
  const handleWords = useCallback(
    (id: string, words: number) => {
      setFreshWords((current) => {
        if (current.get(id) === words) return current;
        const next = new Map(current);
        next.set(id, words);
        return next;
      });
      const { local, remote } = edits.current;
      edits.current = { local: false, remote: false };
      if (remote && !local) recorder.setBaseline(id, words);
      else recorder.record(id, words);
    },
    [recorder],
  );
  const totalWords = manuscriptWords(manuscript, chapters, freshWords);
  // Today's words, the same number in the header and the properties panel: the stored rows,
  // with what this device wrote and has not stored yet.
  const liveToday = useLiveToday(recorder);
  const { now, offset } = useClock();
  const todayInput = { manuscript, chapters, now, offsetMin: offset, live: liveToday };
  const todayCount = manuscriptTodayWords(todayInput);
  const todayNet = manuscriptTodayNet(todayInput);
  const today = useMemo(() => ({ words: todayCount, net: todayNet }), [todayCount, todayNet]);
  const editorApi = useRef<EditorApi | null>(null);

  // The binder's filter by element stays while chapters are opened from it.
  const openChapter = useCallback(
    (id: string) => {
      setSearchParams((params) => {
        const next = new URLSearchParams({ [CHAPTER_PARAM]: id });
        const mentionsOf = params.get(MENTIONS_OF_PARAM);
        if (mentionsOf !== null) next.set(MENTIONS_OF_PARAM, mentionsOf);
        return next;
      });
      closeBinder();
    },
    [setSearchParams, closeBinder],
  );
  const mentionIndex = useMemo(
    () => mentionIndexFor(user.id, manuscript.id),
    [user.id, manuscript.id],
  );
  // "Show in structure" on an element's page: on a phone the binder is a drawer, opened for it.
  const mentionsOf = searchParams.get(MENTIONS_OF_PARAM);
  useEffect(() => {
    if (mentionsOf !== null && !isLarge) openBinder();
  }, [mentionsOf, isLarge, openBinder]);

  // A mention opens its element's page over the chapter, at its address (back returns).
  const openElement = useCallback(
    (id: string) => {
      setSearchParams((params) => {
        const next = new URLSearchParams(params);
        next.set(ELEMENTS_PARAM, id);
        return next;
      });
    },
    [setSearchParams],
  );

  const copyChapterText = useCallback(
    async (fromId: string, toId: string) => {
      const from = await connection.open(fromId);
      try {
        const to = await connection.open(toId);
        try {
          Y.applyUpdate(to.doc, Y.encodeStateAsUpdate(from.doc));
        } finally {
          await to.close();
        }
      } finally {
        await from.close();
      }
    },
    [connection],
  );

  // The editor's callbacks keep their identity while the rows change (it is memoised).
  const latestWorkspace = useRef(workspace);
  useEffect(() => {
    latestWorkspace.current = workspace;
  }, [workspace]);
  const savePageSetup = useCallback((page: NonNullable<ManuscriptSettings['page']>) => {
    void latestWorkspace.current.saveManuscript({ settings: { page } });
  }, []);
  const manuscriptId = manuscript.id;
  const handleCursor = useCallback(
    (position: number) => {
      if (chapterId) void rememberCursor(manuscriptId, chapterId, position);
    },
    [manuscriptId, chapterId],
  );
  const handleChapterWords = useCallback(
    (words: number) => {
      if (chapterId) handleWords(chapterId, words);
    },
    [chapterId, handleWords],
  );
  const keepEditorApi = useCallback((api: EditorApi | null) => {
    editorApi.current = api;
  }, []);
  const handleEditorReady = useMentionOnArrival(chapterId, useTextFocusOnArrival(keepEditorApi));
  // The chapter as a stored version holds it: the text, then the footnotes' bodies.
  const openDocRef = useRef(openDoc);
  useEffect(() => {
    openDocRef.current = openDoc;
  }, [openDoc]);
  const currentHtml = useCallback(() => {
    const api = editorApi.current;
    if (!api) return '';
    const doc = openDocRef.current;
    const notes = doc ? footnotesHtml(footnotesStore(doc), api.getFootnoteIds()) : '';
    return api.getHTML() + notes;
  }, []);
  // One object per chapter: the memoised editor keeps it while the rows change.
  const { reads, writer, canWrite } = workspace;
  const stashes = useMemo(
    () =>
      chapterId && canWrite
        ? createChapterStashes({ reads, writer, manuscriptId, chapterId })
        : null,
    [reads, writer, canWrite, manuscriptId, chapterId],
  );
  const mentions = useMentionDirectory(reads, manuscriptId);
  const editorUser = useMemo(() => ({ id: user.id, name: user.name }), [user.id, user.name]);

  // The binder and properties render after the chapter's first frame (the chapter opened,
  // failed, or there is none): on a full load the text is painted first. Their columns are
  // there from the start, so the text is not laid out twice.
  const sidesShown = useAfterPaint(
    !chapter || opened.status === 'open' || opened.status === 'failed',
  );
  const historyMounted = useOpenedOnce(historyOpened);
  const binder = sidesShown && (
    <Binder
      workspace={workspace}
      activeChapterId={chapterId}
      onOpenChapter={openChapter}
      words={freshWords}
      copyChapterText={copyChapterText}
      mentions={mentionIndex}
    />
  );
  const properties = sidesShown && (
    <PropertiesPanel
      workspace={workspace}
      chapter={chapter}
      chapterWords={chapterId ? (freshWords.get(chapterId) ?? null) : null}
      manuscriptWords={totalWords}
      today={today}
    />
  );
  const showSides = !focusMode;
  const title =
    manuscript.title !== undefined && manuscript.title !== ''
      ? manuscript.title
      : t('workspace.untitled');

  return (
    <Box
      display="flex"
      style={{ height: 'calc(100dvh - var(--app-shell-header-offset, 0px))', overflow: 'hidden' }}
    >
      <SidePanel
        side="left"
        label={t('binder.title')}
        width={BINDER_WIDTH}
        large={isLarge}
        shown={showSides}
        drawerOpened={binderOpened}
        onCloseDrawer={closeBinder}
      >
        <Suspense fallback={null}>{binder}</Suspense>
      </SidePanel>
      {/* The app shell's main landmark holds the workspace; this column is not a second one. */}
      <Box
        style={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
        }}
      >
        {!showSides && <VisuallyHidden component="h1">{title}</VisuallyHidden>}
        {showSides && (
          <Group
            justify="space-between"
            wrap="nowrap"
            px="md"
            py={6}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {!isLarge && (
                <ActionIcon
                  variant="subtle"
                  aria-label={t('workspace.open_binder')}
                  onClick={openBinder}
                >
                  <IconLayoutSidebarLeftExpand size={18} />
                </ActionIcon>
              )}
              <Text component="h1" fw={600} fz="md" m={0} truncate="end">
                {title}
              </Text>
              {/* With the sides, after the text: the first number a load formats is costly. */}
              {sidesShown && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('workspace.manuscript_words', { count: totalWords })}
                  {' · '}
                  <Tooltip label={t('workspace.today_words_hint')}>
                    <span data-testid="header-today-words">
                      {t('workspace.today_words', { count: today.words })}
                    </span>
                  </Tooltip>
                </Text>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              {Actions && (
                <Suspense fallback={null}>
                  <Actions workspace={workspace} chapterId={chapterId} />
                </Suspense>
              )}
              <Tooltip label={t('workspace.history')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('workspace.history')}
                  disabled={!chapter}
                  onClick={history.open}
                >
                  <IconHistory size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('workspace.toggle_properties')}>
                <ActionIcon
                  variant={propertiesOpened ? 'light' : 'subtle'}
                  aria-label={t('workspace.toggle_properties')}
                  aria-pressed={propertiesOpened}
                  onClick={() => {
                    setPropertiesOpened((current) => !current);
                  }}
                >
                  <IconLayoutSidebarRight size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        )}
        {!online && (
          <Alert
            color="gray"
            variant="light"
            radius={0}
            py={6}
            icon={<IconWifiOff size={18} />}
            role="status"
          >
            {t('workspace.offline')}
          </Alert>
        )}
        <Box style={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="chapter-scroller">
          {!chapter ? (
            <Center h="100%">
              <Text c="dimmed">{t('workspace.no_chapter')}</Text>
            </Center>
          ) : opened.status === 'failed' ? (
            <ChapterLoadError onRetry={opened.retry} />
          ) : opened.status !== 'open' ? (
            <Center h="100%">
              <Loader type="dots" aria-label={t('workspace.opening_chapter')} />
            </Center>
          ) : (
            <ChapterEditor
              key={chapter.id}
              handle={opened.handle}
              settings={manuscript.settings}
              canWrite={workspace.canWrite}
              canComment={workspace.canComment}
              user={editorUser}
              hideSavingIndicator={userSettings.hideSavingIndicator}
              sync={syncStatus}
              floatingToolbar={userSettings.floatingToolbar}
              focusMode={focusMode}
              onFocusModeChange={setFocusMode}
              onPageSetupChange={savePageSetup}
              initialCursor={initialCursor}
              onCursorChange={handleCursor}
              onWordsChange={handleChapterWords}
              onEditorReady={handleEditorReady}
              stashes={stashes}
              mentions={mentions}
              onOpenElement={openElement}
            />
          )}
        </Box>
      </Box>
      <SidePanel
        side="right"
        label={t('properties.title')}
        width={PROPERTIES_WIDTH}
        large={isLarge}
        shown={showSides && propertiesOpened}
        drawerOpened={propertiesOpened && !focusMode}
        onCloseDrawer={() => {
          setPropertiesOpened(false);
        }}
      >
        <Suspense fallback={null}>{properties}</Suspense>
      </SidePanel>
      {chapter && historyMounted && (
        <Suspense fallback={null}>
          <VersionHistory
            chapterId={chapter.id}
            chapterName={chapter.name ?? ''}
            opened={historyOpened}
            onClose={history.close}
            currentHtml={currentHtml}
            readOnly={!workspace.canWrite}
          />
        </Suspense>
      )}
    </Box>
  );
}
