import { describe, expect, it } from '@jest/globals';
import { toastReducer, type Toast } from './toast.reducer';

const toast = (id: string, open = true): Toast => ({ id, title: id, open });

describe('toast list', () => {
  it('keeps only the newest toast when one is added', () => {
    expect(toastReducer([toast('a')], { type: 'added', toast: toast('b') })).toEqual([toast('b')]);
  });

  it('closes one toast, or all of them without an id', () => {
    const list = [toast('a'), toast('b')];
    expect(toastReducer(list, { type: 'dismissed', id: 'b' })).toEqual([toast('a'), toast('b', false)]);
    expect(toastReducer(list, { type: 'dismissed' })).toEqual([toast('a', false), toast('b', false)]);
  });

  it('removes one toast, or all of them without an id', () => {
    const list = [toast('a', false), toast('b', false)];
    expect(toastReducer(list, { type: 'removed', id: 'a' })).toEqual([toast('b', false)]);
    expect(toastReducer(list, { type: 'removed' })).toEqual([]);
  });
});
