import { Box, Drawer, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { EditorContent, type Editor } from '@tiptap/react';
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorContentFrom, showError } from '@/components/ui';
import type { SyncStatus } from '@/sync';
import type { ChapterHandle } from '@/sync/collab';
import {
  checkChapterContent,
  commentsStore,
  createChapterExtensions,
  footnotesStore,
  insertStashAtCursor,
  moveSelectionToStash,
  pageSetupFrom,
  storedPageFrom,
  type FootnoteMatch,
  type MentionDirectory,
} from '@/text-editor';

import type { ChapterStashes } from '../stashes';
import { useAfterPaint } from '../use-after-paint';
import { useOpenedOnce } from '../use-opened-once';
import type { ManuscriptSettings } from '../workspace/types';
import { ChapterContentError } from './chapter-load-error';
import { FootnotesList } from './footnotes-list';
import { MentionPopups, MentionPopupsState } from './mention-popups';
import { PageSheet } from './page-sheet';
import { useChapterBlocked } from './saving-indicator';
import { SyncIndicator } from './sync-indicator';
import { ChapterToolbar, FloatingToolbar, FocusModeButton } from './toolbar';
import { ToolbarTooltipsShown } from './toolbar-tooltip';
import { useCaretAboveKeyboard } from './use-caret-above-keyboard';
import { useChapterEditor, type EditorApi } from './use-chapter-editor';
import './chapter-editor.css';

// Not needed to show the chapter: their code (and the inputs they bring: colour, number)
// loads when first opened, from the offline shell's cache, so it does not delay the chapter's
// first appearance.
const CommentsPanel = lazy(() =>
  import('./comments-panel').then((m) => ({ default: m.CommentsPanel })),
);
const FindReplacePanel = lazy(() =>
  import('./find-replace-panel').then((m) => ({ default: m.FindReplacePanel })),
);
const StashesPanel = lazy(() =>
  import('../stashes/stashes-panel').then((m) => ({ default: m.StashesPanel })),
);
const PageSetupModal = lazy(() =>
  import('./page-setup-modal').then((m) => ({ default: m.PageSetupModal })),
);

export interface ChapterEditorProps {
  handle: ChapterHandle;
  /** The manuscript's settings (comments, page, typography). */
  settings: ManuscriptSettings | undefined;
  canWrite: boolean;
  /** A Commenter (or a writer): may start, answer and resolve comments, not change the text. */
  canComment: boolean;
  user: { id: string; name: string };
  hideSavingIndicator: boolean;
  /** What else this device has not got onto the server; without it only the chapter's status shows. */
  sync?: SyncStatus | null;
  floatingToolbar: boolean;
  focusMode: boolean;
  onFocusModeChange: (on: boolean) => void;
  onPageSetupChange: (page: NonNullable<ManuscriptSettings['page']>) => void;
  initialCursor?: number | null;
  onCursorChange?: (position: number) => void;
  onWordsChange?: (words: number) => void;
  onEditorReady?: (api: EditorApi | null) => void;
  /** The chapter's stashes (text cut aside); without them the stash actions are not shown. */
  stashes?: ChapterStashes | null;
  /** The manuscript's story elements (stable per manuscript); without them mentions read as
   * plain text and nothing is suggested. */
  mentions?: MentionDirectory | null;
  /** A mention clicked, or Enter on a selected one: open element `id`. */
  onOpenElement?: (id: string) => void;
}

/** Side panels are columns beside the page from this width, drawers below it. */
const PANEL_COLUMN_QUERY = '(min-width: 48em)';

/**
 * The chapter's text on its pages, bound to the chapter's Yjs document. A document holding
 * what this editor cannot show is not bound at all (binding would rewrite it): an error shows.
 * Memoised: the screen around it re-renders when rows change (word counts, the binder), which
 * must not re-render the toolbars and pages; give it stable props.
 */
export const ChapterEditor = memo(function ChapterEditor(props: ChapterEditorProps) {
  const smartQuotes = props.settings?.format?.typography?.smartQuotes ?? false;
  const [live] = useState(() => new LiveOptions());
  useEffect(() => {
    live.setSmartQuotes(smartQuotes);
  }, [live, smartQuotes]);

  useEffect(() => {
    live.setOpenElement(props.onOpenElement ?? null);
  }, [live, props.onOpenElement]);

  const { handle } = props;
  const mentions = props.mentions ?? undefined;
  const extensions = useMemo(
    () =>
      createChapterExtensions({
        fragment: handle.fragment,
        mentions,
        onOpenMention: (id) => {
          live.openElement(id);
        },
        onMentionFocus: live.mentionPopups.setFocus,
        onMentionSuggest: live.mentionPopups.setSuggest,
        smartQuotes: () => live.smartQuotes(),
        onOpenFind: (replace) => {
          live.openFind(replace);
        },
        onMoveToStash: () => {
          live.moveToStash();
        },
      }),
    [handle.fragment, live, mentions],
  );
  const check = useMemo(
    () => checkChapterContent(handle.doc, handle.fragment, extensions),
    [handle, extensions],
  );
  useEffect(() => {
    if (!check.ok) console.error(`Chapter ${handle.chapterId} not opened: ${check.reason}`);
  }, [check, handle.chapterId]);

  if (!check.ok) return <ChapterContentError />;
  return (
    <ChapterEditorBody key={handle.chapterId} {...props} extensions={extensions} live={live} />
  );
});

/** What the extensions read when they fire (not when built), so settings apply to a live editor. */
class LiveOptions {
  private quotes = false;
  private onOpenFind: (replace: boolean) => void = () => undefined;
  private onMoveToStash: () => void = () => undefined;
  private onOpenElement: ((id: string) => void) | null = null;
  /** The mention suggestion and card, drawn above the page. */
  readonly mentionPopups = new MentionPopupsState();
  smartQuotes(): boolean {
    return this.quotes;
  }
  setSmartQuotes(on: boolean): void {
    this.quotes = on;
  }
  openFind(replace: boolean): void {
    this.onOpenFind(replace);
  }
  setOpenFind(open: (replace: boolean) => void): void {
    this.onOpenFind = open;
  }
  moveToStash(): void {
    this.onMoveToStash();
  }
  setMoveToStash(move: () => void): void {
    this.onMoveToStash = move;
  }
  openElement(id: string): void {
    this.onOpenElement?.(id);
  }
  setOpenElement(open: ((id: string) => void) | null): void {
    this.onOpenElement = open;
  }
}

function selectAnchor(editor: Editor, id: string): void {
  const found: { from: number; to: number }[] = [];
  editor.state.doc.descendants((node, pos) => {
    if (found.length > 0) return false;
    if (node.isText && node.marks.some((m) => m.type.name === 'comment' && m.attrs.id === id)) {
      found.push({ from: pos, to: pos + node.nodeSize });
    }
    return true;
  });
  const [range] = found;
  if (range) editor.chain().setTextSelection(range).scrollIntoView().run();
}

function ChapterEditorBody(
  props: ChapterEditorProps & {
    extensions: ReturnType<typeof createChapterExtensions>;
    live: LiveOptions;
  },
) {
  const { t } = useTranslation();
  const { handle, settings, user, focusMode, onFocusModeChange, live } = props;
  // Only whether the chapter refuses edits re-renders the body; the status itself moves on
  // every keystroke and is the indicator's alone. `writable()` is the handle's own rule.
  const blocked = useChapterBlocked(handle);
  const writable = props.canWrite && !blocked && handle.writable();
  // The server takes a Commenter's updates only when they touch nothing but comments.
  const commentable = (props.canWrite || props.canComment) && !blocked && handle.writable();
  const commentsEnabled = settings?.comments_enabled ?? true;
  const { editor, footnotes, contentError } = useChapterEditor({
    extensions: props.extensions,
    editable: writable,
    initialCursor: props.initialCursor,
    onCursorChange: props.onCursorChange,
    onWordsChange: props.onWordsChange,
    onEditorReady: props.onEditorReady,
  });
  const comments = useMemo(() => commentsStore(handle.doc), [handle.doc]);
  const footnoteBodies = useMemo(() => footnotesStore(handle.doc), [handle.doc]);
  const setup = useMemo(() => pageSetupFrom(settings?.page), [settings?.page]);

  const [findMode, setFindMode] = useState<'find' | 'replace' | null>(null);
  const [footnoteMatch, setFootnoteMatch] = useState<FootnoteMatch | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [stashesOpen, setStashesOpen] = useState(false);
  const panelColumns = useMediaQuery(PANEL_COLUMN_QUERY, true);
  const [composing, setComposing] = useState(false);
  const [pageSetupOpen, setPageSetupOpen] = useState(false);
  const pageSetupMounted = useOpenedOnce(pageSetupOpen);
  const tooltipsShown = useAfterPaint();
  const commentRange = useRef<{ from: number; to: number } | null>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  useCaretAboveKeyboard(editor, pagesRef);

  useEffect(() => {
    live.setOpenFind((replace) => {
      setFindMode(replace ? 'replace' : 'find');
    });
  }, [live]);

  // Escape closes the find bar, else leaves focus mode, wherever the focus is (the button that
  // turned focus mode on is gone once it is on); a dialog or menu takes its own Escape first.
  useEffect(() => {
    if (findMode === null && !focusMode) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('[aria-modal="true"]')) return;
      if (findMode !== null) {
        setFindMode(null);
        // Back to the text, at the match the search left selected (already in view).
        editor.view.focus();
      } else {
        onFocusModeChange(false);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [findMode, focusMode, editor, onFocusModeChange]);

  const stashes = props.stashes ?? null;
  const moveToStash = () => {
    if (!stashes || !writable) return;
    setStashesOpen(true);
    moveSelectionToStash(editor, (html) => stashes.add(html), {
      footnotes: footnoteBodies,
    }).catch((error: unknown) => {
      showError(errorContentFrom(error));
    });
  };
  // The shortcut reaches this render's action (its stashes, whether the chapter is writable).
  useEffect(() => {
    live.setMoveToStash(moveToStash);
  });

  const insertStash = (html: string) => {
    if (!panelColumns) setStashesOpen(false);
    insertStashAtCursor(editor, html, { footnotes: footnoteBodies, comments });
  };

  if (contentError) return <ChapterContentError />;

  const startComment = () => {
    const { from, to } = editor.state.selection;
    if (from === to) return;
    commentRange.current = { from, to };
    setCommentsOpen(true);
    setComposing(true);
  };

  const addComment = (body: string) => {
    const range = commentRange.current;
    if (!range) return;
    const id = comments.add(user, body);
    if (!editor.chain().setTextSelection(range).setComment(id).run()) comments.remove(id);
    commentRange.current = null;
    setComposing(false);
  };

  const deleteComment = (id: string) => {
    comments.remove(id);
    if (commentable) editor.commands.unsetComment(id);
  };

  const insertFootnote = () => {
    const id = footnoteBodies.create();
    if (!editor.chain().focus().insertFootnote(id).run()) footnoteBodies.remove(id);
  };

  const indicator = props.hideSavingIndicator ? null : (
    <SyncIndicator handle={handle} sync={props.sync ?? null} />
  );

  return (
    <ToolbarTooltipsShown value={tooltipsShown}>
      <div
        className="chapter-editor"
        data-comments={commentsEnabled ? 'on' : 'off'}
        data-focus-mode={focusMode ? 'on' : 'off'}
        style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
        onKeyDown={(event) => {
          // A read-only editor takes no shortcuts: Mod-f still finds inside it.
          const mod = event.ctrlKey || event.metaKey;
          if (
            mod &&
            event.key.toLowerCase() === 'f' &&
            !editor.isEditable &&
            editor.view.dom.contains(event.target as Node)
          ) {
            event.preventDefault();
            setFindMode('find');
          }
        }}
      >
        {focusMode ? (
          <Group justify="flex-end" gap="xs" px="sm" py={4}>
            {indicator}
            <FocusModeButton focusMode={focusMode} onFocusModeChange={onFocusModeChange} />
          </Group>
        ) : (
          <ChapterToolbar
            editor={editor}
            writable={writable}
            end={indicator}
            actions={{
              commentsEnabled,
              canComment: commentable,
              commentsOpen,
              onComment: startComment,
              onToggleComments: () => {
                setCommentsOpen((open) => !open);
              },
              onFootnote: insertFootnote,
              stashesAvailable: stashes !== null,
              onMoveToStash: moveToStash,
              onToggleStashes: () => {
                setStashesOpen((open) => !open);
              },
              onFind: () => {
                setFindMode(writable ? 'replace' : 'find');
              },
              onPageSetup: () => {
                setPageSetupOpen(true);
              },
              focusMode,
              onFocusModeChange,
            }}
          />
        )}
        {findMode && (
          <Box px="sm" pt="xs">
            <Suspense fallback={null}>
              <FindReplacePanel
                editor={editor}
                showReplace={findMode === 'replace'}
                writable={writable}
                footnotes={footnoteBodies}
                footnoteOrder={footnotes}
                onFootnoteMatch={setFootnoteMatch}
                onClose={() => {
                  setFindMode(null);
                }}
              />
            </Suspense>
          </Box>
        )}
        <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
          <div
            ref={pagesRef}
            className="chapter-pages"
            onClick={(event) => {
              const anchor = (event.target as HTMLElement).closest('[data-comment-id]');
              if (anchor && commentsEnabled) setCommentsOpen(true);
            }}
          >
            <PageSheet setup={setup}>
              <EditorContent editor={editor} />
              <FootnotesList
                store={footnoteBodies}
                order={footnotes}
                writable={writable}
                found={footnoteMatch}
              />
            </PageSheet>
            {props.mentions && (
              <MentionPopups state={live.mentionPopups} directory={props.mentions} />
            )}
          </div>
          {props.floatingToolbar && !focusMode && (
            <FloatingToolbar editor={editor} writable={writable} />
          )}
          {commentsEnabled && commentsOpen && !focusMode && (
            <Suspense fallback={null}>
              <CommentsPanel
                store={comments}
                user={user}
                writable={commentable}
                deletes={writable ? 'any' : 'own'}
                composing={composing}
                onAdd={addComment}
                onCancelCompose={() => {
                  setComposing(false);
                  commentRange.current = null;
                }}
                onDelete={deleteComment}
                onSelect={(id) => {
                  selectAnchor(editor, id);
                }}
                onClose={() => {
                  setCommentsOpen(false);
                  setComposing(false);
                }}
              />
            </Suspense>
          )}
          {stashes && stashesOpen && !focusMode && panelColumns && (
            <Suspense fallback={null}>
              <StashesPanel
                stashes={stashes}
                writable={writable}
                onInsert={insertStash}
                onClose={() => {
                  setStashesOpen(false);
                }}
              />
            </Suspense>
          )}
        </div>
        {stashes && !panelColumns && (
          <Drawer
            position="bottom"
            size="70%"
            opened={stashesOpen && !focusMode}
            returnFocus={false}
            title={t('stashes.panel')}
            closeButtonProps={{ 'aria-label': t('stashes.close') }}
            onClose={() => {
              setStashesOpen(false);
            }}
          >
            <Suspense fallback={null}>
              <StashesPanel
                stashes={stashes}
                writable={writable}
                layout="fill"
                onInsert={insertStash}
                onClose={() => {
                  setStashesOpen(false);
                }}
              />
            </Suspense>
          </Drawer>
        )}
        {pageSetupMounted && (
          <Suspense fallback={null}>
            <PageSetupModal
              opened={pageSetupOpen}
              setup={setup}
              onClose={() => {
                setPageSetupOpen(false);
              }}
              onSave={(next) => {
                props.onPageSetupChange(storedPageFrom(next));
                setPageSetupOpen(false);
              }}
            />
          </Suspense>
        )}
      </div>
    </ToolbarTooltipsShown>
  );
}
