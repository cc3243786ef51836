/** The text of wire.generated.ts for a parsed OpenAPI document. */
export function generateWire(openapi: unknown): string;
/** The file as the committed openapi.json makes it. */
export function freshWire(): string;
/** The file as committed. */
export function committedWire(): string;
/** Whether `UPDATE_WIRE` is set: the test then writes the file instead of comparing. */
export function updateRequested(): boolean;
/** Writes the file from the committed openapi.json. */
export function writeWire(): void;
