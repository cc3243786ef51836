/**
 * A stand-in for `XMLHttpRequest` (uploads with progress): every request is recorded with its
 * headers and form, and answered by `answer` on the next tick, after a full upload progress.
 */
import { vi } from 'vitest';

export interface XhrCall {
  method: string;
  /** Path under `/api/v4`. */
  path: string;
  headers: Record<string, string>;
  form: FormData;
}

/** A JSON body and status, or `'network'` for no answer at all. */
export type XhrAnswer = { status?: number; body: unknown } | 'network';

/** An answer held back: the upload stops at half (`'half'`) or is all sent (`'sent'`) until then. */
export interface HeldAnswer {
  progress: 'half' | 'sent';
  reply: Promise<XhrAnswer>;
}

export function stubXhr(answer: (call: XhrCall) => XhrAnswer | HeldAnswer): XhrCall[] {
  const calls: XhrCall[] = [];

  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: {
      onprogress: ((event: ProgressEvent) => void) | null;
      onload: (() => void) | null;
    } = { onprogress: null, onload: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.onabort?.();
    }

    send(form: FormData) {
      const call: XhrCall = {
        method: this.method,
        path: new URL(this.url, 'http://localhost').pathname.replace(/^\/api\/v4/, ''),
        headers: { ...this.headers },
        form,
      };
      calls.push(call);
      const progress = (loaded: number) => {
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 10 } as ProgressEvent);
      };
      const finish = (reply: XhrAnswer) => {
        if (reply === 'network') {
          this.onerror?.();
          return;
        }
        this.status = reply.status ?? 200;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      };
      setTimeout(() => {
        const reply = answer(call);
        if (reply !== 'network' && 'reply' in reply) {
          progress(reply.progress === 'half' ? 5 : 10);
          if (reply.progress === 'sent') this.upload.onload?.();
          void reply.reply.then(finish);
          return;
        }
        if (reply !== 'network') {
          progress(10);
          this.upload.onload?.();
        }
        finish(reply);
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}
