import {
  Button,
  ColorInput,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PAPER_SIZES, type PageMargins, type PageSetup, type PaperSize } from '@/text-editor';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const MAX_MARGIN_MM = 100;

/** Paper size, orientation, margins (mm) and page colour; saving hands the new setup back. */
export function PageSetupModal(props: {
  opened: boolean;
  setup: PageSetup;
  onClose: () => void;
  onSave: (setup: PageSetup) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('chapter_editor.page_setup.title')}
      centered
    >
      {props.opened && (
        <PageSetupForm setup={props.setup} onCancel={props.onClose} onSave={props.onSave} />
      )}
    </Modal>
  );
}

function PageSetupForm(props: {
  setup: PageSetup;
  onCancel: () => void;
  onSave: (setup: PageSetup) => void;
}) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState(props.setup);
  const setMargin = (side: keyof PageMargins, value: number | string) => {
    const mm = typeof value === 'number' ? value : Number(value);
    setSetup((s) => ({
      ...s,
      margins: {
        ...s.margins,
        [side]: Number.isFinite(mm) ? Math.min(Math.max(mm, 0), MAX_MARGIN_MM) : 0,
      },
    }));
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave(setup);
      }}
    >
      <Stack gap="md">
        <Select
          label={t('chapter_editor.page_setup.paper_size')}
          allowDeselect={false}
          data={(Object.keys(PAPER_SIZES) as PaperSize[]).map((size) => ({
            value: size,
            label: t(`chapter_editor.page_setup.papers.${size}`),
          }))}
          value={setup.paperSize}
          onChange={(value) => {
            if (value) setSetup((s) => ({ ...s, paperSize: value }));
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('chapter_editor.page_setup.orientation')}
          </Text>
          <SegmentedControl
            data={[
              { value: 'portrait', label: t('chapter_editor.page_setup.portrait') },
              { value: 'landscape', label: t('chapter_editor.page_setup.landscape') },
            ]}
            value={setup.orientation}
            onChange={(value) => {
              setSetup((s) => ({
                ...s,
                orientation: value === 'landscape' ? 'landscape' : 'portrait',
              }));
            }}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('chapter_editor.page_setup.margins')}
          </Text>
          <SimpleGrid cols={4} spacing="xs">
            {SIDES.map((side) => (
              <NumberInput
                key={side}
                label={t(`chapter_editor.page_setup.${side}`)}
                min={0}
                max={MAX_MARGIN_MM}
                step={1}
                decimalScale={1}
                value={setup.margins[side]}
                onChange={(value) => {
                  setMargin(side, value);
                }}
              />
            ))}
          </SimpleGrid>
        </Stack>
        <ColorInput
          label={t('chapter_editor.page_setup.page_color')}
          format="hex"
          value={setup.pageColor ?? ''}
          placeholder="#ffffff"
          onChange={(value) => {
            setSetup((s) => ({ ...s, pageColor: value === '' ? null : value }));
          }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onCancel}>
            {t('chapter_editor.page_setup.cancel')}
          </Button>
          <Button type="submit">{t('chapter_editor.page_setup.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
