// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Q_DEBOUNCE_MS, useUrlFilters } from './use-url-filters';

interface F { q: string; status: string | null; page: number }
const fromParams = (p: URLSearchParams): F => ({ q: p.get('q') ?? '', status: p.get('status'), page: Number(p.get('page') ?? 0) });
const toParams = (f: F): URLSearchParams => {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.status) p.set('status', f.status);
  if (f.page) p.set('page', String(f.page));
  return p;
};

// The hook with the location and navigate of the same router, so a test can read the URL and go Back.
const setup = (initial: string) => {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [initial] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => ({ ...useUrlFilters({ fromParams, toParams, qMax: 5 }), location: useLocation(), navigate: useNavigate() }), { wrapper });
  return { hook, history: () => router };
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useUrlFilters', () => {
  it('reads the filters and the search box from the URL', () => {
    const { hook } = setup('/list?q=ab&status=ACTIVE&page=2');
    expect(hook.result.current.filters).toEqual({ q: 'ab', status: 'ACTIVE', page: 2 });
    expect(hook.result.current.q).toBe('ab');
  });

  it('a filter change goes back to the first page and replaces the history entry', () => {
    const { hook, history } = setup('/list?page=3');
    const before = history().state.historyAction;
    act(() => hook.result.current.setFilters({ status: 'SUSPENDED' }));
    expect(hook.result.current.location.search).toBe('?status=SUSPENDED');
    expect(history().state.historyAction).toBe('REPLACE');
    expect(before).toBe('POP');
  });

  it('turning the page pushes a history entry and keeps the filters', () => {
    const { hook, history } = setup('/list?status=ACTIVE');
    act(() => hook.result.current.setPage(1));
    expect(hook.result.current.location.search).toBe('?status=ACTIVE&page=1');
    expect(history().state.historyAction).toBe('PUSH');
  });

  it('writes the search into the URL 300 ms after typing stops, on the first page', () => {
    vi.useFakeTimers();
    const { hook } = setup('/list?page=2');
    act(() => hook.result.current.onQChange('a'));
    act(() => hook.result.current.onQChange('ab'));
    expect(hook.result.current.q).toBe('ab');
    act(() => vi.advanceTimersByTime(Q_DEBOUNCE_MS - 1));
    expect(hook.result.current.location.search).toBe('?page=2');
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current.location.search).toBe('?q=ab');
    expect(hook.result.current.q).toBe('ab');
  });

  it('a search longer than the limit stays in the box but is not written', () => {
    vi.useFakeTimers();
    const { hook } = setup('/list?q=ab');
    act(() => hook.result.current.onQChange('abcdef'));
    act(() => vi.advanceTimersByTime(Q_DEBOUNCE_MS * 2));
    expect(hook.result.current.q).toBe('abcdef');
    expect(hook.result.current.location.search).toBe('?q=ab');
  });

  it('Back and Forward show the URL search in the box', async () => {
    const { hook } = setup('/list?q=old');
    act(() => hook.result.current.setPage(1));
    await act(async () => { await hook.result.current.navigate('/list?q=new'); });
    expect(hook.result.current.q).toBe('new');
    await act(async () => { await hook.result.current.navigate(-1); });
    expect(hook.result.current.location.search).toBe('?q=old&page=1');
    expect(hook.result.current.q).toBe('old');
  });
});
