import { describe, expect, it } from '@jest/globals';
import { isShown, toastReducer, type Toast } from './toast.reducer';

const toast = (id: string, open = true): Toast => ({ id, title: id, open });
const hint = (id: string): Toast => ({ ...toast(id), hint: true });
const shownTitles = (list: readonly Toast[]) => list.filter(isShown).map((shown) => shown.title);

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

  it('keeps a hint waiting behind the open toast and shows it once that toast is dismissed', () => {
    const waiting = toastReducer([toast('Rating saved')], { type: 'added', toast: hint('Not showing Pro yet?') });
    expect(shownTitles(waiting)).toEqual(['Rating saved']);

    expect(shownTitles(toastReducer(waiting, { type: 'dismissed', id: 'Rating saved' }))).toEqual(['Not showing Pro yet?']);
  });

  it('shows a hint at once when no toast is open, and lets a newer hint replace it', () => {
    const shown = toastReducer([toast('gone', false)], { type: 'added', toast: hint('first hint') });
    expect(shownTitles(shown)).toEqual(['first hint']);
    expect(shownTitles(toastReducer(shown, { type: 'added', toast: hint('second hint') }))).toEqual(['second hint']);
  });

  it('lets a new toast replace the one shown while the waiting hint keeps its turn', () => {
    const waiting = toastReducer([toast('Saved')], { type: 'added', toast: hint('tip') });
    const replaced = toastReducer(waiting, { type: 'added', toast: toast('Synced') });
    expect(shownTitles(replaced)).toEqual(['Synced']);
    expect(shownTitles(toastReducer(replaced, { type: 'dismissed', id: 'Synced' }))).toEqual(['tip']);
  });

  it('never shows a waiting hint that was dismissed before its turn', () => {
    const waiting = toastReducer([toast('Saved')], { type: 'added', toast: hint('tip') });
    const withoutTip = toastReducer(waiting, { type: 'dismissed', id: 'tip' });
    expect(shownTitles(toastReducer(withoutTip, { type: 'dismissed', id: 'Saved' }))).toEqual([]);
  });
});
