/**
 * The live channel's JSON frames (ADR 0009): the joins the client sends and the parser for what
 * the server sends. No I/O.
 */
import { z } from 'zod';

/** `interactionValues` of a `user_interaction`, as other clients may send them. */
export interface InteractionValues {
  type: string;
  id: string;
  manuscript_id?: string | null;
  updated_at?: number | null;
}

export interface UserInteraction {
  interactionName: string;
  interactionValues: InteractionValues;
  deviceUID: string;
}

export function joinUserFrame(userId: string): string {
  return JSON.stringify({ action: 'message', endpoint: 'join_user', user_id: userId });
}

export function joinManuscriptFrame(manuscriptId: string): string {
  return JSON.stringify({
    action: 'message',
    endpoint: 'join_manuscript',
    manuscript_id: manuscriptId,
  });
}

const interactionValuesSchema = z.looseObject({
  type: z.string(),
  id: z.string(),
  manuscript_id: z.string().nullish(),
  updated_at: z.number().nullish(),
});

const serverFrameSchema = z.discriminatedUnion('action', [
  z.looseObject({
    action: z.literal('joined'),
    endpoint: z.enum(['join_user', 'join_manuscript']),
    user_id: z.string().optional(),
    manuscript_id: z.string().optional(),
  }),
  z.looseObject({ action: z.literal('error'), code: z.string() }),
  z.looseObject({ action: z.literal('left'), manuscript_id: z.string(), reason: z.string() }),
  z.looseObject({
    action: z.literal('message'),
    endpoint: z.literal('user_interaction'),
    user_id: z.string(),
    interaction_data: z.looseObject({
      interactionName: z.string(),
      interactionValues: interactionValuesSchema,
      deviceUID: z.string(),
    }),
  }),
]);

export type ServerFrame = z.infer<typeof serverFrameSchema>;

/** The frame, or `null` when it is not JSON or not a frame this client knows. */
export function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = serverFrameSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
