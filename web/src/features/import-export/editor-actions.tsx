/**
 * The editor header's import and export: "Import chapters from .docx" (appended to the open
 * manuscript, for those who may write it) and "Export". Offline, both say they need a
 * connection.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { WorkspaceLike } from './manuscript-export';
import { WorkspaceExportDialog } from './manuscript-export';
import { useFilePicker } from './shelf-import';
import { useImporter } from './use-importer';

export function EditorImportExport({ workspace }: { workspace: WorkspaceLike }) {
  const { t } = useTranslation();
  const network = useNetwork();
  const [exporting, setExporting] = useState(false);
  const importer = useImporter({
    target: { manuscriptId: workspace.manuscript.id, folderId: null },
    subchaptersAsScenes: workspace.userSettings.subchaptersAsScenes,
    // The rows are loaded by the importer: the binder shows the new chapters.
    onImported: () => undefined,
  });
  const { pick, input } = useFilePicker(importer.start);
  const importLabel = t('import_export.import_chapters');
  const exportLabel = t('import_export.export_button');

  return (
    <>
      {workspace.canWrite && (
        <Tooltip label={importLabel}>
          <ActionIcon
            variant="subtle"
            aria-label={importLabel}
            data-testid="import-docx-button"
            loading={importer.busy}
            onClick={network.online ? pick : importer.explainOffline}
          >
            <IconFileImport size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {workspace.canWrite && (
        <Tooltip label={exportLabel}>
          <ActionIcon
            variant="subtle"
            aria-label={exportLabel}
            data-testid="export-button"
            onClick={() => {
              setExporting(true);
            }}
          >
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {input}
      {importer.element}
      {exporting && (
        <WorkspaceExportDialog
          workspace={workspace}
          onClose={() => {
            setExporting(false);
          }}
        />
      )}
    </>
  );
}
