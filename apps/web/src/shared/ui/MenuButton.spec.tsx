import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { MenuButton } from './MenuButton';

function renderMenu(onChoose: (key: string) => void = () => undefined) {
  render(
    <MenuButton
      menu={{
        items: [
          { key: 'x', label: 'X' },
          { key: 'copy', label: 'Copy to clipboard' },
        ],
        onClick: ({ key }) => onChoose(key),
      }}
    >
      <Button>Share</Button>
    </MenuButton>,
  );
  return screen.getByRole('button', { name: 'Share' });
}

/** Opens the menu as a keyboard user does: the button focused, then pressed (Enter and Space press buttons). */
async function openFromKeyboard(button: HTMLElement) {
  act(() => button.focus());
  fireEvent.click(button);
  await waitFor(() => expect(document.activeElement?.closest('[role="menu"]')).not.toBeNull());
}

describe('menu button', () => {
  it('puts the focus into the menu when it opens, so the arrow keys can move in it', async () => {
    const button = renderMenu();

    await openFromKeyboard(button);

    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('gives the focus back to its button when Escape closes the menu', async () => {
    const button = renderMenu();
    await openFromKeyboard(button);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });

    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('gives the focus back to its button once an item is chosen', async () => {
    const chosen = jest.fn();
    const button = renderMenu(chosen);
    await openFromKeyboard(button);

    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy to clipboard' }));

    expect(chosen).toHaveBeenCalledWith('copy');
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('gives the focus back to its button when a menu closed at once takes it late and drops it on the page', async () => {
    const button = renderMenu();
    act(() => button.focus());
    fireEvent.click(button);
    // Escape before the menu has taken the focus: antd closes it, then its first item focuses itself.
    fireEvent.keyDown(button, { key: 'Escape', keyCode: 27 });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      (document.querySelector('.ant-dropdown [role="menuitem"]') as HTMLElement | null)?.focus();
      (document.activeElement as HTMLElement | null)?.blur();
    });
    expect(document.activeElement).toBe(document.body);

    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('leaves the focus where the user put it after the menu closed', async () => {
    const button = renderMenu();
    render(<input aria-label="Elsewhere" />);
    await openFromKeyboard(button);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(document.activeElement).toBe(button));

    act(() => screen.getByRole('textbox', { name: 'Elsewhere' }).focus());
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));

    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Elsewhere' }));
  });

  it('never takes the focus from another menu opened just after this one closed', async () => {
    render(
      <>
        <MenuButton menu={{ items: [{ key: 'a', label: 'Alpha' }] }}>
          <Button>First</Button>
        </MenuButton>
        <MenuButton menu={{ items: [{ key: 'b', label: 'Beta' }] }}>
          <Button>Second</Button>
        </MenuButton>
      </>,
    );
    await openFromKeyboard(screen.getByRole('button', { name: 'First' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });
    await openFromKeyboard(screen.getByRole('button', { name: 'Second' }));
    const item = screen.getByRole('menuitem', { name: 'Beta' });
    act(() => item.focus());

    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));

    expect(document.activeElement).toBe(item);
  });
});
