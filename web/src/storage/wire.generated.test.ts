import { describe, expect, it } from 'vitest';

import {
  committedWire,
  freshWire,
  updateRequested,
  writeWire,
} from '../../scripts/generate-wire.js';
import { ENTITY_KINDS, folderSchema, todoFieldsSchema, WIRE_SCHEMAS } from './wire.generated';

describe('the generated wire contract', () => {
  it('is what openapi.json makes (UPDATE_WIRE=1 writes it again)', () => {
    if (updateRequested()) writeWire();
    expect(committedWire(), 'run `make wire` after changing the entity types').toBe(freshWire());
  });

  it('has a validator for every kind', () => {
    expect(Object.keys(WIRE_SCHEMAS).sort()).toEqual([...ENTITY_KINDS].sort());
  });

  it('keeps the keys a kind does not know and refuses a known key of the wrong type', () => {
    const folder = folderSchema.parse({
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
      user_id: 'u',
      _order: 0,
      created_at: 1,
      updated_at: 2,
      synced_at: null,
      deleted_at: null,
      last_synced_device_id: '',
      folder_id: null,
      name: 'Drafts',
      meta: { colour: 'red' },
      kept: [1, 2],
    });
    expect(folder).toMatchObject({ name: 'Drafts', kept: [1, 2] });
    expect(folderSchema.safeParse({ ...folder, meta: 'text' }).success).toBe(false);
    expect(todoFieldsSchema.safeParse({ priority: 'urgent' }).success).toBe(false);
    expect(todoFieldsSchema.safeParse({ priority: null, status: 'done' }).success).toBe(true);
  });
});
