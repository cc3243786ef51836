/**
 * The suite's `test`: Playwright's, with one check over every browser context a test opens —
 * whenever the editor says "Synced", the server holds the words the device shows in that
 * chapter (a mention read as the label the chapter holds, not the element's current name). A page reports each moment its indicator turns to synced, with the chapter's id and
 * text; the chapter's content is fetched from the server at once and compared word by word.
 */
import { test as base, expect } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';

export { expect };

interface Said {
  chapterId: string;
  text: string;
}

interface SyncedWatch {
  /** Resolves with what was wrong once every check started so far has ended. */
  settle(): Promise<string[]>;
}

const watched = new WeakMap<BrowserContext, SyncedWatch>();
/** The contexts opened during the running test (a worker runs one test at a time). */
let opened: SyncedWatch[] = [];

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? []);
}

function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Whether someone shares a manuscript with the page's writer (their chapters are not theirs to read here). */
async function readsSharedWork(page: Page): Promise<boolean> {
  const response = await page.request.get('/api/v4/manuscripts/shared_with_me');
  const body = (await response.json()) as { data?: unknown };
  return Array.isArray(body.data) && body.data.length > 0;
}

async function serverHolds(page: Page, said: Said): Promise<string | null> {
  const response = await page.request.get(`/api/v4/chapters/content/${said.chapterId}`);
  if (response.status() === 404 && (await readsSharedWork(page))) return null;
  if (!response.ok()) return `chapter ${said.chapterId}: the server answered ${response.status()}`;
  const body = (await response.json()) as { data: { content?: string } | null };
  const held = textOfHtml(body.data?.content ?? '').toLowerCase();
  // A word the device shows may have grown since (typing goes on): it must stand in the
  // server's text, whole or as the start of a longer word.
  const missing = [...words(said.text)].filter((word) => !held.includes(word));
  return missing.length === 0
    ? null
    : `chapter ${said.chapterId} said "Synced" while the server lacked: ${missing.join(', ')}`;
}

/**
 * Reports, from the page, every moment a chapter's indicator turns to "synced", with the text
 * the page shows then. Only the indicator's own changes are looked at: the indicator follows a
 * status change a frame later by design, so text typed in that frame is not what it spoke of.
 */
function reportSynced() {
  const report = (window as unknown as { __quireSaidSynced?: (id: string, text: string) => void })
    .__quireSaidSynced;
  let said = false;
  // A mention shows its element's current name, kept in the element's row: the chapter holds
  // the label it was written with, so that is what the server must hold.
  const chapterText = (root: HTMLElement | null) => {
    if (!root) return '';
    if (root.querySelector('[data-type="mention"][data-label]') === null) return root.innerText;
    const parts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const mention = node.parentElement?.closest('[data-type="mention"][data-label]');
      parts.push(mention ? (mention.getAttribute('data-label') ?? '') : (node.textContent ?? ''));
    }
    return parts.join(' ');
  };
  const look = () => {
    const status = document.querySelector('[data-chapter-id] [data-status]');
    const chapterId = status?.closest('[data-chapter-id]')?.getAttribute('data-chapter-id');
    const synced = status?.getAttribute('data-status') === 'synced';
    if (synced && chapterId && !said) {
      report?.(chapterId, chapterText(document.querySelector<HTMLElement>('.ProseMirror')));
    }
    said = synced;
  };
  const isIndicator = (node: Node) =>
    node instanceof Element &&
    (node.hasAttribute('data-status') || node.querySelector('[data-status]') !== null);
  new MutationObserver((records) => {
    const touched = records.some(
      (record) =>
        record.type === 'attributes' ||
        Array.from(record.addedNodes).concat(Array.from(record.removedNodes)).some(isIndicator),
    );
    if (touched) look();
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-status'],
  });
}

/** Starts checking every "Synced" in `context` (once per context). */
export async function watchSynced(context: BrowserContext): Promise<SyncedWatch> {
  const known = watched.get(context);
  if (known) return known;
  const checks: Promise<string | null>[] = [];
  const watch: SyncedWatch = {
    settle: async () => (await Promise.all(checks)).filter((x): x is string => x !== null),
  };
  watched.set(context, watch);
  // A check still on its way when the test closes the context would be cut off mid-answer.
  const close = context.close.bind(context);
  context.close = async (options) => {
    await Promise.allSettled(checks);
    await close(options);
  };
  await context.exposeBinding('__quireSaidSynced', ({ page }, chapterId: string, text: string) => {
    checks.push(
      serverHolds(page, { chapterId, text }).catch((error: unknown) =>
        // The test closed the page or its context while the check was on its way.
        /closed/i.test(String(error)) ? null : String(error),
      ),
    );
  });
  await context.addInitScript(reportSynced);
  return watch;
}

export const test = base.extend<{ honestSynced: undefined }, { watchedContexts: undefined }>({
  watchedContexts: [
    async ({ browser }: { browser: Browser }, use) => {
      const original = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await original(options);
        opened.push(await watchSynced(context));
        return context;
      };
      await use(undefined);
      browser.newContext = original;
    },
    { scope: 'worker', auto: true },
  ],
  honestSynced: [
    async ({ context }, use) => {
      opened.push(await watchSynced(context));
      await use(undefined);
      const watches = [...new Set(opened)];
      opened = [];
      const wrong = (await Promise.all(watches.map((watch) => watch.settle()))).flat();
      expect(wrong, 'every "Synced" the editor showed was true of the server').toEqual([]);
    },
    { auto: true },
  ],
});
