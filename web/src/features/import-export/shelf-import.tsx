/**
 * Import on the manuscripts list: `ShelfImportFrame` wraps the list (the drop zone shown while
 * a file is dragged over it, the import's dialogs) and `ImportDocxButton`, rendered inside it
 * beside "New manuscript", opens the file picker. Keyboard users use the button.
 */
import { Box, Button, Center, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconFileImport, IconFileUpload } from '@tabler/icons-react';
import { createContext, use, useRef, useState } from 'react';
import type { DragEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { paths, TEXT_FOCUS_STATE } from '@/lib/paths';
import { displaySetting, useSession } from '@/lib/session';

import { useImporter } from './use-importer';

interface FrameApi {
  pick: () => void;
  explainOffline: () => void;
  busy: boolean;
}

const FrameContext = createContext<FrameApi | null>(null);

const DOCX_ACCEPT = '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function hasFiles(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes('Files');
}

/** A hidden file input and the function that opens it. */
export function useFilePicker(onFile: (file: File) => void): {
  pick: () => void;
  input: ReactNode;
} {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <VisuallyHidden>
      <input
        ref={ref}
        type="file"
        accept={DOCX_ACCEPT}
        tabIndex={-1}
        aria-label={t('import_export.choose_file')}
        data-testid="import-file-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </VisuallyHidden>
  );
  return { pick: () => ref.current?.click(), input };
}

/** The manuscripts list with its import: drop a file anywhere on it, or use the button. */
export function ShelfImportFrame({
  folderId,
  children,
}: {
  folderId: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const importer = useImporter({
    target: { manuscriptId: null, folderId },
    subchaptersAsScenes: user ? displaySetting(user.settings, 'subchapters_as_scenes') : false,
    onImported: (result) => {
      void navigate(paths.manuscript(result.manuscript_id), { state: TEXT_FOCUS_STATE });
    },
  });
  const { pick, input } = useFilePicker(importer.start);

  return (
    <FrameContext value={{ pick, explainOffline: importer.explainOffline, busy: importer.busy }}>
      <Box
        pos="relative"
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          depth.current += 1;
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setDragging(false);
        }}
        onDrop={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          depth.current = 0;
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file) importer.start(file);
        }}
      >
        {children}
        <VisuallyHidden aria-live="polite">
          {dragging ? t('import_export.drop_zone_announce') : ''}
        </VisuallyHidden>
        {dragging && (
          <Center
            data-testid="import-drop-zone"
            pos="absolute"
            inset={0}
            style={{
              zIndex: 10,
              border: '3px dashed var(--mantine-primary-color-filled)',
              borderRadius: 'var(--mantine-radius-md)',
              background: 'color-mix(in srgb, var(--mantine-color-body) 88%, transparent)',
              pointerEvents: 'none',
            }}
          >
            <Stack align="center" gap="xs">
              <IconFileUpload size={40} aria-hidden />
              <Text fw={600}>{t('import_export.drop_zone')}</Text>
            </Stack>
          </Center>
        )}
      </Box>
      {input}
      {importer.element}
    </FrameContext>
  );
}

/** "Import .docx", beside "New manuscript"; offline a click says that it needs a connection. */
export function ImportDocxButton() {
  const { t } = useTranslation();
  const frame = use(FrameContext);
  const network = useNetwork();
  if (!frame) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFileImport size={16} />}
      data-testid="import-docx-button"
      loading={frame.busy}
      data-disabled={network.online ? undefined : true}
      aria-disabled={network.online ? undefined : true}
      onClick={network.online ? frame.pick : frame.explainOffline}
    >
      {t('import_export.import_button')}
    </Button>
  );
}
