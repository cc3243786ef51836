import { ActionIcon, Button, Group, Popover, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { normalizeLink, setLink } from '@/text-editor';

import { ToolbarTooltip } from './toolbar-tooltip';

/** The link button: a small form for the address of the link at (or to put on) the selection. */
export function LinkButton(props: { editor: Editor; link: string | null; disabled: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [href, setHref] = useState('');
  const [invalid, setInvalid] = useState(false);

  const apply = (value: string) => {
    setLink(props.editor, value);
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal position="bottom">
      <Popover.Target>
        <ToolbarTooltip label={t('chapter_editor.link.button')}>
          <ActionIcon
            variant={props.link ? 'filled' : 'subtle'}
            color={props.link ? 'blue' : 'gray'}
            aria-label={t('chapter_editor.link.button')}
            disabled={props.disabled}
            onMouseDown={(event) => {
              event.preventDefault();
            }}
            onClick={() => {
              setHref(props.link ?? '');
              setInvalid(false);
              setOpened((o) => !o);
            }}
          >
            <IconLink size={18} />
          </ActionIcon>
        </ToolbarTooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const link = normalizeLink(href);
            if (link === null) setInvalid(true);
            else apply(link);
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              label={t('chapter_editor.link.address')}
              value={href}
              onChange={(event) => {
                setHref(event.currentTarget.value);
                setInvalid(false);
              }}
              error={invalid ? t('chapter_editor.link.invalid') : undefined}
              placeholder="https://"
              maxLength={2048}
              data-autofocus
            />
            <Button type="submit">{t('chapter_editor.link.apply')}</Button>
            {props.link && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => {
                  apply('');
                }}
              >
                {t('chapter_editor.link.remove')}
              </Button>
            )}
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
