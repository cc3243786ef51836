/**
 * A short list of labels an element carries (nicknames, tags): each shown with a remove button,
 * and a field that adds one with Enter or its button; suggestions when given.
 */
import { ActionIcon, Autocomplete, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';

import { ELEMENT_NAME_MAX } from './element-edits';

export interface LabelListTexts {
  heading: string;
  add: string;
  addButton: string;
  empty: string;
  remove: (label: string) => string;
}

interface LabelListProps {
  items: readonly { id: string; label: string }[];
  texts: LabelListTexts;
  canWrite: boolean;
  suggestions?: readonly string[];
  onAdd: (label: string) => void;
  onRemove: (id: string) => void;
  testId: string;
}

export function LabelList({
  items,
  texts,
  canWrite,
  suggestions = [],
  onAdd,
  onRemove,
  testId,
}: LabelListProps) {
  const headingId = useId();
  const [draft, setDraft] = useState('');
  const taken = new Set(items.map((item) => item.label.toLowerCase()));
  const offered = suggestions.filter((s) => !taken.has(s.toLowerCase()));

  function add() {
    if (draft.trim() === '') return;
    onAdd(draft);
    setDraft('');
  }

  return (
    <Stack gap={6} component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={3} size="h6" id={headingId}>
        {texts.heading}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {texts.empty}
        </Text>
      ) : (
        <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <li key={item.id}>
              <Badge
                size="lg"
                variant="light"
                tt="none"
                rightSection={
                  canWrite ? (
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      aria-label={texts.remove(item.label)}
                      onClick={() => {
                        onRemove(item.id);
                      }}
                    >
                      <IconX size={12} aria-hidden />
                    </ActionIcon>
                  ) : null
                }
              >
                {item.label}
              </Badge>
            </li>
          ))}
        </Group>
      )}
      {canWrite && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Autocomplete
            aria-label={texts.add}
            placeholder={texts.add}
            data={offered}
            value={draft}
            maxLength={ELEMENT_NAME_MAX}
            style={{ flex: 1 }}
            onChange={setDraft}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button variant="default" onClick={add}>
            {texts.addButton}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
