/** A row as this device stores it, accepted by the server (not pending), for a screen's test. */
import type { LocalRecord } from '@/storage';

import { TEST_USER } from './sync-harness';

export function buildLocalRow(fields: Partial<LocalRecord> & { id: string }): LocalRecord {
  const now = Date.now();
  return {
    user_id: TEST_USER,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    _order: 0,
    pending: 0,
    pending_ops: [],
    ...fields,
  };
}
