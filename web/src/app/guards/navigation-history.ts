/**
 * The path of the last screen that finished rendering, so guards know where a user came from.
 * Null until the first navigation completes (a fresh page load came "from elsewhere").
 */
let committedPath: string | null = null;

export function recordCommittedPath(path: string): void {
  committedPath = path;
}

export function previousPath(): string | null {
  return committedPath;
}
