import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryStates, type QueryLike } from './query-states';

function query<T>(state: Partial<QueryLike<T>>): QueryLike<T> {
  return { data: undefined, isPending: false, isError: false, refetch: () => Promise.resolve(), ...state };
}

const list = (items: string[]) => (
  <ul>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

describe('<QueryStates>', () => {
  it('while the first answer loads, shows a busy placeholder (a card on a page)', () => {
    const { container } = render(
      <QueryStates query={query<string[]>({ isPending: true })} card rows={3}>
        {list}
      </QueryStates>,
    );
    const busy = container.querySelector('[aria-busy="true"]');
    expect(busy?.className).toBe('card');
    expect(busy?.querySelectorAll('.p-skeleton')).toHaveLength(3);
  });

  it('shows a given placeholder instead of rows', () => {
    render(
      <QueryStates query={query<string[]>({ isPending: true })} pending={<p>Loading form</p>}>
        {list}
      </QueryStates>,
    );
    expect(screen.getByText('Loading form').parentElement?.getAttribute('aria-busy')).toBe('true');
  });

  it('on an error with nothing loaded, shows the error view and retries', () => {
    const refetch = vi.fn(() => Promise.resolve());
    render(
      <QueryStates query={query<string[]>({ isError: true, refetch })} card>
        {list}
      </QueryStates>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.className).toBe('state-view card');
    expect(alert.querySelector('h2')).not.toBeNull();
    fireEvent.click(screen.getByRole('button'));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('keeps data already loaded when a later refetch fails', () => {
    render(
      <QueryStates query={query({ data: ['a'], isError: true })}>{list}</QueryStates>,
    );
    expect(screen.getByText('a')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty view when the answer is empty, else the data', () => {
    const view = (data: string[]) => (
      <QueryStates query={query({ data })} isEmpty={(items) => items.length === 0} empty={<p>Nothing yet</p>}>
        {list}
      </QueryStates>
    );
    const { rerender } = render(view([]));
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    rerender(view(['x', 'y']));
    expect(screen.queryByText('Nothing yet')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
