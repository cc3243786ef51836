/**
 * What the chapter editor shows of mentions above the page: the suggestion list while typing
 * (a listbox the editor points into with `aria-activedescendant`; the focus stays in the text)
 * and an element's card while a mention is hovered or selected.
 */
import { Group, Paper, Portal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import type { MentionDirectory, MentionFocus, MentionSuggestView } from '@/text-editor';

/** The two popups' state, set by the editor's callbacks (outside React) and read by the view. */
export class MentionPopupsState {
  private state: { suggest: MentionSuggestView | null; focus: MentionFocus | null } = {
    suggest: null,
    focus: null,
  };
  private listeners = new Set<() => void>();

  setSuggest = (suggest: MentionSuggestView | null): void => {
    this.state = { ...this.state, suggest };
    this.emit();
  };

  setFocus = (focus: MentionFocus | null): void => {
    this.state = { ...this.state, focus };
    this.emit();
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot = () => this.state;

  private emit() {
    for (const listener of [...this.listeners]) listener();
  }
}

const KINDS = ['character', 'object', 'group', 'research', 'other'] as const;
type Kind = (typeof KINDS)[number];

/** An element type's words: the five known ones translated, a custom one as named. */
export function useKindLabel(): (kind: string) => string {
  const { t } = useTranslation();
  return (kind) => {
    const singular = kind.toLowerCase().replace(/s$/, '');
    if ((KINDS as readonly string[]).includes(singular))
      return t(`mentions.kind.${singular as Kind}`);
    return kind === '' ? t('mentions.kind.none') : kind;
  };
}

const POPUP_WIDTH = 280;
const MARGIN = 8;

/** Below the anchor, kept inside the window's width (a phone's too). */
function placed(anchor: { left: number; bottom: number }) {
  const width = Math.min(POPUP_WIDTH, window.innerWidth - 2 * MARGIN);
  const left = Math.max(MARGIN, Math.min(anchor.left, window.innerWidth - width - MARGIN));
  return { position: 'fixed' as const, top: anchor.bottom + 4, left, width, zIndex: 300 };
}

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      className="mention-swatch"
      style={{ background: color || 'var(--mantine-color-gray-5)' }}
    />
  );
}

export function MentionPopups({
  state,
  directory,
}: {
  state: MentionPopupsState;
  directory: MentionDirectory;
}) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const { suggest, focus } = useSyncExternalStore(state.subscribe, state.snapshot);
  const focused = focus ? directory.get(focus.id) : undefined;

  return (
    <Portal>
      {suggest && (
        <Paper
          shadow="md"
          withBorder
          p={4}
          style={placed(suggest.anchor)}
          role="listbox"
          id={suggest.listId}
          aria-label={t('mentions.suggestions')}
        >
          {suggest.items.map((item, index) => (
            <UnstyledButton
              key={item.element.id}
              id={`${suggest.listId}-${index}`}
              role="option"
              aria-selected={index === suggest.active}
              tabIndex={-1}
              className="mention-option"
              // The text keeps the focus: picking with the mouse must not take it away.
              onMouseDown={(event) => {
                event.preventDefault();
                suggest.pick(index);
              }}
            >
              <Group gap="xs" wrap="nowrap">
                <Swatch color={item.element.color} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {item.label}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {item.label === item.element.name
                      ? kindLabel(item.element.kind)
                      : `${item.element.name} · ${kindLabel(item.element.kind)}`}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
        </Paper>
      )}
      {focus && focused && !suggest && (
        <Paper
          shadow="md"
          withBorder
          p="sm"
          role="tooltip"
          className="mention-card"
          style={{ ...placed(focus.anchor), pointerEvents: 'none' }}
        >
          <Group gap="xs" wrap="nowrap">
            <Swatch color={focused.color} />
            <Text fw={600} truncate>
              {focused.name}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {kindLabel(focused.kind)}
          </Text>
          {focused.nicknames.length > 0 && (
            <Text size="sm">{t('mentions.also', { names: focused.nicknames.join(', ') })}</Text>
          )}
          <Text size="xs" c="dimmed" mt={4}>
            {t('mentions.open_hint')}
          </Text>
        </Paper>
      )}
    </Portal>
  );
}
