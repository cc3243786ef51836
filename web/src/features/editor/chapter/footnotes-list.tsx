import { Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FootnoteMatch, FootnotesStore } from '@/text-editor';

const FOOTNOTE_MAX = 5000;

/** The bodies of the chapter's footnotes, kept current (local and remote changes). */
function useFootnoteBodies(store: FootnotesStore, ids: string[]): Record<string, string> {
  const [bodies, setBodies] = useState<Record<string, string>>({});
  useEffect(() => {
    const read = () => {
      setBodies(Object.fromEntries(ids.map((id) => [id, store.body(id)])));
    };
    read();
    return store.observe(read);
  }, [store, ids]);
  return bodies;
}

/**
 * The footnotes under the text, numbered in document order (`order`, refreshed after edits
 * settle), each body editable where the chapter is. The one holding find's current match
 * (`found`) is marked, scrolled to, and has the match selected.
 */
export function FootnotesList(props: {
  store: FootnotesStore;
  order: string[];
  writable: boolean;
  found?: FootnoteMatch | null;
}) {
  const { t } = useTranslation();
  const bodies = useFootnoteBodies(props.store, props.order);
  const foundRow = useRef<HTMLTextAreaElement>(null);
  const { found } = props;
  useEffect(() => {
    const area = foundRow.current;
    if (!found || !area) return;
    area.scrollIntoView({ block: 'nearest' });
    area.setSelectionRange(found.from, found.to);
  }, [found]);
  if (props.order.length === 0) return null;
  return (
    <section className="chapter-footnotes" aria-label={t('chapter_editor.footnotes.heading')}>
      <Stack gap={4}>
        {props.order.map((id, index) => {
          const label = t('chapter_editor.footnotes.body_label', { number: index + 1 });
          return (
            <Group key={id} gap="xs" align="flex-start" wrap="nowrap">
              <Text size="xs" c="dimmed" pt={4} miw={16} aria-hidden>
                {index + 1}
              </Text>
              <Textarea
                ref={found?.id === id ? foundRow : undefined}
                data-find-current={found?.id === id ? true : undefined}
                aria-label={label}
                variant="unstyled"
                size="xs"
                rows={1}
                resize="vertical"
                maxLength={FOOTNOTE_MAX}
                readOnly={!props.writable}
                value={bodies[id] ?? ''}
                style={{ flex: 1 }}
                onChange={(event) => {
                  props.store.setBody(id, event.currentTarget.value);
                }}
              />
            </Group>
          );
        })}
      </Stack>
    </section>
  );
}
