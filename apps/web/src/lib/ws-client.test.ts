import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWsClient, type WsClientDeps } from './ws-client';

class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  fail() {
    this.readyState = 3;
    this.onclose?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup(overrides: Partial<WsClientDeps> = {}) {
  const deps: WsClientDeps = {
    WebSocket: FakeSocket as unknown as WsClientDeps['WebSocket'],
    url: 'ws://host/ws',
    getToken: () => Promise.resolve('jwt'),
    getAppId: () => 'app-1',
    getLang: () => 'ru',
    onEvent: vi.fn(),
    onProblem: vi.fn(),
    ...overrides,
  };
  return { client: createWsClient(deps), deps };
}

const latest = () => FakeSocket.instances[FakeSocket.instances.length - 1];

describe('ws client', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('sends the auth message on open and the language on change', async () => {
    const { client } = setup();
    client.start();
    latest()?.open();
    await vi.waitFor(() => expect(latest()?.sent).toHaveLength(1));
    expect(JSON.parse(latest()?.sent[0] ?? '')).toEqual({ type: 'auth', data: 'jwt', x_app_id: 'app-1', lang: 'ru' });
    client.sendLang('en');
    expect(JSON.parse(latest()?.sent[1] ?? '')).toEqual({ type: 'lang', data: 'en' });
  });

  it('makes at most 4 attempts with 1 s, 2 s, 4 s backoff and a toast on the 3rd', () => {
    const { client, deps } = setup();
    client.start();
    latest()?.fail();
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(deps.onProblem).not.toHaveBeenCalled();
    latest()?.fail();
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.instances).toHaveLength(3);
    expect(deps.onProblem).toHaveBeenCalledTimes(1);
    expect(deps.onProblem).toHaveBeenCalledWith('connection');
    latest()?.fail();
    vi.advanceTimersByTime(4000);
    expect(FakeSocket.instances).toHaveLength(4);
    latest()?.fail();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(4);
    expect(deps.onProblem).toHaveBeenCalledTimes(1);
  });

  it('passes events on and stops reconnecting after a rejected auth', () => {
    const { client, deps } = setup();
    client.start();
    latest()?.open();
    latest()?.receive({ type: 'queue_del', data: { qid: 5 } });
    latest()?.receive({ type: 'auth', data: { ok: false } });
    latest()?.fail();
    vi.advanceTimersByTime(10_000);
    expect(deps.onEvent).toHaveBeenCalledWith({ type: 'queue_del', data: { qid: 5 } });
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('does not reconnect after stop (logout)', () => {
    const { client } = setup();
    client.start();
    latest()?.open();
    client.stop();
    latest()?.fail();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('reports a browser without WebSocket', () => {
    const { client, deps } = setup({ WebSocket: undefined });
    client.start();
    expect(deps.onProblem).toHaveBeenCalledWith('unsupported');
  });
});
